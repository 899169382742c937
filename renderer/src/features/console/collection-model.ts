import type { HttpMethod } from './endpoint-schemas';

/** After a response of 2xx, the value at `path` (a JSONPath such as `$.id`) goes into `variable`. */
export interface Capture {
  variable: string;
  path: string;
}

/** A request kept in a collection: what the console sends, variables unresolved. */
export interface SavedRequest {
  id: string;
  name: string;
  method: HttpMethod;
  /** A path on the active environment, or a URL starting with `{{base_url}}`; may hold `{{variables}}`. */
  path: string;
  headers: Record<string, string>;
  body: string;
  captures: Capture[];
}

export interface Collection {
  id: string;
  name: string;
  requests: SavedRequest[];
}

export const newId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
