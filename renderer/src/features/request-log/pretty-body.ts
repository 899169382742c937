/**
 * A logged body as the detail shows it. The log keeps bodies as the text that crossed the wire (so a
 * byte-exact replay and the HAR stay possible): JSON text is pretty-printed with two-space indents, other
 * text is shown as it is.
 */
export function prettyBody(body: unknown): { text: string; json: boolean } {
  if (typeof body !== 'string') return { text: JSON.stringify(body, null, 2) ?? '', json: true };
  const trimmed = body.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { text: JSON.stringify(JSON.parse(trimmed), null, 2), json: true };
    } catch {
      // Cut at 64 KiB, or not JSON after all: shown as it is.
    }
  }
  return { text: body, json: false };
}
