import type { Capture, Collection, SavedRequest } from './collection-model';
import { newId } from './collection-model';
import { HTTP_METHODS, type HttpMethod } from './endpoint-schemas';
import { jsonPathAccessor } from './json-path';
import { BASE_URL_VARIABLE, referencedVariables, type Variables } from './variables';

/**
 * Collections as Postman collection v2.1 files, both ways: the format Postman, Insomnia, Bruno and
 * Hoppscotch all read. Captures travel as the one-line test scripts Postman runs
 * (`pm.collectionVariables.set("order_id", pm.response.json().id);`), so they keep working there too.
 */

export const POSTMAN_SCHEMA_V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

interface PostmanKeyValue {
  key: string;
  value: string;
  disabled?: boolean;
}

interface PostmanUrl {
  raw: string;
  host?: string[];
  path?: string[];
  query?: PostmanKeyValue[];
}

interface PostmanRequest {
  method: string;
  header: PostmanKeyValue[];
  url: PostmanUrl | string;
  body?: { mode: string; raw?: string; options?: { raw?: { language?: string } } };
}

interface PostmanEvent {
  listen: string;
  script: { type?: string; exec: string[] | string };
}

interface PostmanItem {
  name: string;
  request?: PostmanRequest;
  item?: PostmanItem[];
  event?: PostmanEvent[];
}

export interface PostmanCollection {
  info: { _postman_id?: string; name: string; schema: string; description?: string };
  item: PostmanItem[];
  variable?: PostmanKeyValue[];
}

// ---- export ------------------------------------------------------------------------------------------

/** `{{base_url}}/v2/orders?x=1` as Postman's url object. */
function toPostmanUrl(path: string): PostmanUrl {
  const raw = path.startsWith('/') ? `{{${BASE_URL_VARIABLE}}}${path}` : path;
  const [beforeQuery = '', query] = raw.split(/\?(.*)/s, 2);
  const [host = '', ...segments] = beforeQuery.replace(/^https?:\/\//i, '').split('/');
  return {
    raw,
    host: [host],
    path: segments,
    ...(query
      ? {
          query: query.split('&').map((pair) => {
            const [key = '', value = ''] = pair.split(/=(.*)/s, 2);
            return { key, value };
          }),
        }
      : {}),
  };
}

const captureLine = (capture: Capture): string | undefined => {
  const accessor = jsonPathAccessor(capture.path, 'pm.response.json()');
  return accessor
    ? `pm.collectionVariables.set(${JSON.stringify(capture.variable)}, ${accessor});`
    : undefined;
};

function toPostmanItem(request: SavedRequest): PostmanItem {
  const lines = request.captures.map(captureLine).filter((l): l is string => l !== undefined);
  return {
    name: request.name,
    request: {
      method: request.method,
      header: Object.entries(request.headers).map(([key, value]) => ({ key, value })),
      url: toPostmanUrl(request.path),
      ...(request.body.trim() !== ''
        ? { body: { mode: 'raw', raw: request.body, options: { raw: { language: 'json' } } } }
        : {}),
    },
    ...(lines.length > 0
      ? { event: [{ listen: 'test', script: { type: 'text/javascript', exec: lines } }] }
      : {}),
  };
}

/**
 * A collection as a Postman v2.1 document, with `base_url` (the environment it was exported from) and
 * every variable its requests use, at their current values.
 */
export function toPostmanCollection(
  collection: Collection,
  variables: Variables,
  baseUrl: string,
): PostmanCollection {
  const used = new Set<string>();
  for (const request of collection.requests) {
    const texts = [request.path, request.body, ...Object.entries(request.headers).flat()];
    texts.forEach((text) => referencedVariables(text).forEach((name) => used.add(name)));
    request.captures.forEach((c) => used.add(c.variable));
  }
  used.delete(BASE_URL_VARIABLE);
  return {
    info: { _postman_id: collection.id, name: collection.name, schema: POSTMAN_SCHEMA_V21 },
    item: collection.requests.map(toPostmanItem),
    variable: [
      { key: BASE_URL_VARIABLE, value: baseUrl },
      ...[...used].sort().map((key) => ({ key, value: variables[key] ?? '' })),
    ],
  };
}

// ---- import ------------------------------------------------------------------------------------------

export type Imported =
  | { ok: true; collection: Collection; variables: Variables; warnings: string[] }
  | { ok: false; error: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const CAPTURE_SCRIPT =
  /^\s*pm\.(?:collectionVariables|environment|globals|variables)\.set\(\s*(["'])([A-Za-z_][\w.-]*)\1\s*,\s*pm\.response\.json\(\)((?:\.[A-Za-z_$][\w$]*|\[\d+\]|\["[^"]*"\]|\['[^']*'\])*)\s*\)\s*;?\s*$/;

/** A Postman script line `pm.collectionVariables.set("x", pm.response.json().a[0])` as a capture. */
export function captureFromScript(line: string): Capture | undefined {
  const match = CAPTURE_SCRIPT.exec(line);
  if (!match) return undefined;
  const accessor = (match[3] ?? '').replace(/\["([^"]*)"\]/g, "['$1']");
  return { variable: match[2] ?? '', path: `$${accessor}` };
}

/** The url of a Postman request as the console's path: the base URL (variable or origin) taken off. */
function pathFromUrl(url: unknown): string | undefined {
  let raw: string | undefined;
  if (typeof url === 'string') raw = url;
  else if (isObject(url)) {
    if (typeof url.raw === 'string') raw = url.raw;
    else {
      const host = Array.isArray(url.host) ? url.host.join('.') : '';
      const path = Array.isArray(url.path) ? url.path.join('/') : '';
      const query = Array.isArray(url.query)
        ? (url.query as unknown[])
            .filter((q): q is PostmanKeyValue => isObject(q) && typeof q.key === 'string' && !q.disabled)
            .map((q) => `${q.key}=${q.value ?? ''}`)
            .join('&')
        : '';
      raw = `${host}/${path}${query ? `?${query}` : ''}`;
    }
  }
  if (raw === undefined || raw.trim() === '') return undefined;
  const path = raw
    .trim()
    .replace(/^\{\{\s*(?:base_url|baseUrl|baseURL|base-url)\s*\}\}/, '')
    .replace(/^https?:\/\/[^/?#]+/i, '');
  return path.startsWith('/') || path.startsWith('{{') ? path : `/${path}`;
}

function requestFromItem(item: PostmanItem, name: string, warnings: string[]): SavedRequest | undefined {
  const request = item.request as unknown;
  if (!isObject(request)) {
    warnings.push(`Skipped "${name}": it has no request.`);
    return undefined;
  }
  const method = String(request.method ?? 'GET').toUpperCase();
  if (!HTTP_METHODS.includes(method as HttpMethod)) {
    warnings.push(`Skipped "${name}": the console does not send ${method}.`);
    return undefined;
  }
  const path = pathFromUrl(request.url);
  if (path === undefined) {
    warnings.push(`Skipped "${name}": it has no URL.`);
    return undefined;
  }
  const headers: Record<string, string> = {};
  if (Array.isArray(request.header))
    for (const h of request.header as unknown[])
      if (isObject(h) && typeof h.key === 'string' && h.key !== '' && !h.disabled)
        headers[h.key] = String(h.value ?? '');
  let body = '';
  if (isObject(request.body)) {
    if (request.body.mode === 'raw' && typeof request.body.raw === 'string') body = request.body.raw;
    else if (request.body.mode !== undefined && request.body.mode !== 'none')
      warnings.push(
        `"${name}": its ${String(request.body.mode)} body was left out (the console sends JSON).`,
      );
  }
  const captures: Capture[] = [];
  for (const event of Array.isArray(item.event) ? item.event : []) {
    if (!isObject(event) || event.listen !== 'test' || !isObject(event.script)) continue;
    const exec = event.script.exec;
    const lines = (Array.isArray(exec) ? exec : typeof exec === 'string' ? exec.split('\n') : []).map(String);
    let other = false;
    for (const line of lines) {
      const capture = captureFromScript(line);
      if (capture) captures.push(capture);
      else if (line.trim() !== '' && !line.trim().startsWith('//')) other = true;
    }
    if (other)
      warnings.push(
        `"${name}": script lines other than variable captures were left out (the console runs none).`,
      );
  }
  return { id: newId(), name, method: method as HttpMethod, path, headers, body, captures };
}

function flatten(items: unknown[], prefix: string, out: SavedRequest[], warnings: string[]): void {
  for (const item of items) {
    if (!isObject(item)) continue;
    const name = `${prefix}${typeof item.name === 'string' && item.name.trim() !== '' ? item.name : 'Untitled request'}`;
    if (Array.isArray(item.item)) flatten(item.item as unknown[], `${name} / `, out, warnings);
    else {
      const request = requestFromItem(item as unknown as PostmanItem, name, warnings);
      if (request) out.push(request);
    }
  }
}

/**
 * A Postman collection file as a console collection and its variables. Only v2.1 is read: v2.0 and v1
 * differ in URL and body shapes, and Postman exports v2.1 on request. Folders become name prefixes.
 */
export function fromPostmanCollection(document: unknown): Imported {
  if (!isObject(document) || !isObject(document.info))
    return { ok: false, error: 'This is not a Postman collection: it has no "info" object.' };
  const schema = document.info.schema;
  if (schema !== POSTMAN_SCHEMA_V21) {
    const version = typeof schema === 'string' ? /collection\/(v[\d.]+)\//.exec(schema)?.[1] : undefined;
    return {
      ok: false,
      error: version
        ? `This is a Postman collection ${version}; only v2.1 is read. In Postman, export it again as "Collection v2.1".`
        : `This is not a Postman collection v2.1: info.schema should be ${POSTMAN_SCHEMA_V21}.`,
    };
  }
  if (!Array.isArray(document.item))
    return { ok: false, error: 'This Postman collection has no "item" list.' };
  const warnings: string[] = [];
  const requests: SavedRequest[] = [];
  flatten(document.item, '', requests, warnings);
  const variables: Variables = {};
  for (const v of Array.isArray(document.variable) ? document.variable : [])
    if (isObject(v) && typeof v.key === 'string' && v.key !== BASE_URL_VARIABLE && !v.disabled)
      variables[v.key] = typeof v.value === 'string' ? v.value : JSON.stringify(v.value ?? '');
  const name =
    typeof document.info.name === 'string' && document.info.name.trim() !== ''
      ? document.info.name.trim()
      : 'Imported collection';
  return { ok: true, collection: { id: newId(), name, requests }, variables, warnings };
}

/** Parses a file's text, then reads it as a collection. */
export function importPostmanText(text: string): Imported {
  let document: unknown;
  try {
    document = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, error: `The file is not JSON: ${(error as Error).message}` };
  }
  return fromPostmanCollection(document);
}
