/**
 * Console variables: `{{name}}` anywhere in a request's path, header values and body is replaced by the
 * variable's value when the request is sent (Postman's syntax, so an imported collection reads the same).
 * `base_url` is built in: the active environment's base URL, since the console sends there.
 */

export type Variables = Record<string, string>;

export const BASE_URL_VARIABLE = 'base_url';

/** A variable name: a letter or underscore, then letters, digits, `_`, `-` or `.`. */
export const VARIABLE_NAME = /^[A-Za-z_][\w.-]{0,63}$/;

const REFERENCE = /\{\{\s*([A-Za-z_][\w.-]{0,63})\s*\}\}/g;

/** The names a text refers to, in order of first use. */
export function referencedVariables(text: string): string[] {
  return [...new Set([...text.matchAll(REFERENCE)].map((m) => m[1] ?? ''))];
}

/** The text with each known `{{name}}` replaced; unknown ones are left as they are and listed. */
export function substitute(text: string, variables: Variables): { text: string; missing: string[] } {
  const missing = new Set<string>();
  const replaced = text.replace(REFERENCE, (whole, name: string) => {
    if (Object.hasOwn(variables, name)) return variables[name] ?? '';
    missing.add(name);
    return whole;
  });
  return { text: replaced, missing: [...missing] };
}

/** The request parts variables apply to. */
export interface VariableTarget {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export type Resolved<T extends VariableTarget> = { ok: true; request: T } | { ok: false; error: string };

/**
 * The request with its variables replaced and `{{base_url}}` (or the environment's own base URL)
 * taken off the path, so what is left is a path on the active environment. A variable without a value,
 * or an absolute URL to another host, is refused with what to do about it.
 */
export function resolveVariables<T extends VariableTarget>(
  request: T,
  variables: Variables,
  baseUrl: string,
): Resolved<T> {
  const all: Variables = { ...variables, [BASE_URL_VARIABLE]: baseUrl };
  const missing = new Set<string>();
  const apply = (text: string) => {
    const result = substitute(text, all);
    result.missing.forEach((name) => missing.add(name));
    return result.text;
  };
  let path = apply(request.path.trim());
  const headers = Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [apply(name), apply(value)]),
  );
  const body = apply(request.body);
  if (missing.size > 0) {
    const names = [...missing].map((name) => `{{${name}}}`).join(', ');
    return {
      ok: false,
      error: `No value for ${names}: set ${missing.size === 1 ? 'it' : 'them'} under Variables, or take ${missing.size === 1 ? 'it' : 'them'} from a response.`,
    };
  }
  const base = baseUrl.replace(/\/+$/, '');
  if (base !== '' && path.startsWith(base)) path = path.slice(base.length) || '/';
  else if (/^https?:\/\//i.test(path)) {
    return {
      ok: false,
      error: `The console sends to the active environment (${base}); ${path} points elsewhere. Use {{base_url}} or a path.`,
    };
  }
  return { ok: true, request: { ...request, path, headers, body } };
}

/** A path for matching it against the known endpoints: variables filled where known, base URL off. */
export function pathForMatching(path: string, variables: Variables): string {
  const text = substitute(path.trim(), variables).text;
  return text.replace(/^\{\{\s*base_url\s*\}\}/, '').replace(/^https?:\/\/[^/]+/i, '') || '/';
}
