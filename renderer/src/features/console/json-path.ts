/**
 * The small JSONPath subset the console reads response values with: `$`, then `.name`, `['name']` or
 * `[index]` steps, e.g. `$.id`, `$.purchase_units[0].payments.captures[0].id`, `$.links[1].href`.
 */

type Step = string | number;

export type Parsed = { ok: true; steps: Step[] } | { ok: false; error: string };

const STEP = /^(?:\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\['([^']*)'\]|\["([^"]*)"\])/;

export function parseJsonPath(path: string): Parsed {
  const text = path.trim();
  if (!text.startsWith('$'))
    return { ok: false, error: `A path starts with $, e.g. $.id (got "${text || 'nothing'}").` };
  const steps: Step[] = [];
  let rest = text.slice(1);
  while (rest.length > 0) {
    const match = STEP.exec(rest);
    if (!match)
      return {
        ok: false,
        error: `Cannot read "${rest}" in ${text}: use .name, ['name'] or [index] steps.`,
      };
    const [whole, name, index, single, double] = match;
    steps.push(index !== undefined ? Number(index) : (name ?? single ?? double ?? ''));
    rest = rest.slice(whole.length);
  }
  return { ok: true, steps };
}

export type Read = { ok: true; value: string } | { ok: false; error: string };

/** The value at the path as a variable holds it: strings as they are, anything else as JSON. */
export function readJsonPath(document: unknown, path: string): Read {
  const parsed = parseJsonPath(path);
  if (!parsed.ok) return parsed;
  let value: unknown = document;
  for (const step of parsed.steps) {
    if (typeof step === 'number' ? !Array.isArray(value) : typeof value !== 'object' || value === null)
      return { ok: false, error: `${path.trim()} is not in the response.` };
    value = (value as Record<string | number, unknown>)[step];
    if (value === undefined) return { ok: false, error: `${path.trim()} is not in the response.` };
  }
  return { ok: true, value: typeof value === 'string' ? value : JSON.stringify(value) };
}

/** The path as a JavaScript accessor after `root`, e.g. `$.a[0]` as `root.a[0]` (for Postman scripts). */
export function jsonPathAccessor(path: string, root: string): string | undefined {
  const parsed = parseJsonPath(path);
  if (!parsed.ok) return undefined;
  return (
    root +
    parsed.steps
      .map((step) =>
        typeof step === 'number'
          ? `[${step}]`
          : /^[A-Za-z_$][\w$]*$/.test(step)
            ? `.${step}`
            : `[${JSON.stringify(step)}]`,
      )
      .join('')
  );
}
