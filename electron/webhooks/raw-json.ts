/**
 * Finds where a member's value sits in a JSON text, without parsing it: the verify endpoint needs the
 * bytes of `webhook_event` exactly as the caller sent them (spec 6.6: never a re-serialized parse).
 * The text has already been parsed successfully once, so it is known to be valid JSON.
 */

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

function skipWhitespace(text: string, at: number): number {
  let i = at;
  while (i < text.length && WHITESPACE.has(text[i] ?? '')) i++;
  return i;
}

/** End (exclusive) of the string literal starting at `at` (its opening quote). */
function stringEnd(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  throw new SyntaxError('unterminated string');
}

/** End (exclusive) of the JSON value starting at `at`. */
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at);
  if (first === '{' || first === '[') {
    let depth = 0;
    let i = at;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i = stringEnd(text, i);
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    throw new SyntaxError('unterminated structure');
  }
  // A number or a literal: up to the next delimiter.
  let i = at;
  while (i < text.length && !',}] \t\n\r'.includes(text[i] ?? '')) i++;
  return i;
}

/**
 * The `[start, end)` span of the value of top-level member `key` of the object in `text`, or
 * `undefined` when the text is not an object or has no such member. With duplicate keys, the last one
 * wins, as in `JSON.parse`.
 */
export function memberSpan(text: string, key: string): { start: number; end: number } | undefined {
  let i = skipWhitespace(text, 0);
  if (text.charCodeAt(0) === 0xfeff) i = skipWhitespace(text, 1);
  if (text[i] !== '{') return undefined;
  i = skipWhitespace(text, i + 1);
  let found: { start: number; end: number } | undefined;
  while (i < text.length && text[i] !== '}') {
    const keyEnd = stringEnd(text, i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    i = skipWhitespace(text, keyEnd);
    if (text[i] !== ':') throw new SyntaxError('expected a colon');
    const start = skipWhitespace(text, i + 1);
    const end = valueEnd(text, start);
    if (name === key) found = { start, end };
    i = skipWhitespace(text, end);
    if (text[i] === ',') i = skipWhitespace(text, i + 1);
  }
  return found;
}

/** The raw text of member `key`'s value, exactly as it appears in `text`. */
export function rawMember(text: string, key: string): string | undefined {
  const span = memberSpan(text, key);
  return span ? text.slice(span.start, span.end) : undefined;
}
