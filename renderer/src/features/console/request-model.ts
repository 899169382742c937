import type { BridgeInput, ResourceKind } from '../../../../shared/bridge';
import type { ConsoleDraft } from '../../app/ui-store';
import { ENDPOINTS, type Endpoint } from './endpoint-schemas';
import { recordFromRows, rowsFromRecord, type ConsoleRequest } from './console-store';

/** What the console turns its form into, or why it cannot. */
export type Prepared = { ok: true; input: BridgeInput<'sendRequest'> } | { ok: false; error: string };

/** Checks the form and builds the bridge call: the body must be JSON; GET sends none. */
export function prepareRequest(request: ConsoleRequest): Prepared {
  const path = request.path.trim();
  if (!path.startsWith('/'))
    return { ok: false, error: 'The path starts with "/", e.g. /v2/checkout/orders.' };
  if (/\{[^}]*\}/.test(path)) return { ok: false, error: `Fill in the placeholder in ${path}.` };
  let body: unknown;
  if (request.method !== 'GET' && request.body.trim() !== '') {
    try {
      body = JSON.parse(request.body) as unknown;
    } catch (error) {
      return { ok: false, error: `The body is not valid JSON: ${(error as Error).message}` };
    }
  }
  const headers = recordFromRows(request.headers);
  return {
    ok: true,
    input: {
      method: request.method,
      path,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      ...(body !== undefined ? { body } : {}),
      ...(request.anonymous ? { anonymous: true } : {}),
    },
  };
}

/** A draft from another page (replay, "edit") as the console's form. */
export function requestFromDraft(draft: ConsoleDraft): ConsoleRequest {
  return {
    method: draft.method,
    path: draft.path,
    headers: rowsFromRecord(draft.headers),
    body: draft.body ?? '',
    anonymous: false,
  };
}

const ID_SEGMENT = /\/(orders|authorizations|captures|refunds)\/([A-Za-z0-9-]{1,36})(?=[/?#]|$)/;

/** The resource id in a concrete path (`/v2/checkout/orders/ABC/capture` gives `ABC`). */
export function idInPath(path: string): string | undefined {
  const id = ID_SEGMENT.exec(path)?.[2];
  return id && !id.startsWith('{') ? id : undefined;
}

/** Which kind of resource a template's `{id}` names. */
export function kindForTemplate(template: string): ResourceKind | undefined {
  if (!template.includes('{id}')) return undefined;
  if (/\/orders\/\{id\}/.test(template)) return 'order';
  if (/\/authorizations\/\{id\}/.test(template)) return 'authorization';
  if (/\/captures\/\{id\}/.test(template)) return 'capture';
  if (/\/refunds\/\{id\}/.test(template)) return 'refund';
  return undefined;
}

/** Endpoints for the path autocomplete: concrete ids count as `{id}`, and summaries match too. */
export function filterEndpoints(options: readonly Endpoint[], input: string): Endpoint[] {
  const query = input.trim();
  if (query === '' || query === '/') return [...options];
  const shape = query
    .replace(/[?#].*$/, '')
    .replace(/\/[A-Z0-9][A-Z0-9-]{5,35}(?=\/|$)/g, '/{id}')
    .toLowerCase();
  const words = query.toLowerCase();
  const matches = options.filter((o) => {
    const template = o.template.toLowerCase();
    return template.includes(shape) || shape.startsWith(template) || o.summary.toLowerCase().includes(words);
  });
  return matches.length > 0 ? matches : [...options];
}

const stableJson = (text: string): string | undefined => {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return undefined;
  }
};

const EXAMPLE_TEXTS = new Set(
  ENDPOINTS.filter((e) => e.example !== undefined).map((e) => JSON.stringify(e.example)),
);

/** True when the body is empty or still one of the examples, so choosing an endpoint may replace it. */
export function isUntouchedBody(body: string): boolean {
  if (body.trim() === '') return true;
  const stable = stableJson(body);
  return stable !== undefined && EXAMPLE_TEXTS.has(stable);
}

/** The form after picking an endpoint: its method, its path (keeping the id in use), its example body. */
export function chooseEndpoint(request: ConsoleRequest, endpoint: Endpoint): Partial<ConsoleRequest> {
  const id = idInPath(request.path);
  const path =
    id && endpoint.template.includes('{id}') ? endpoint.template.replace('{id}', id) : endpoint.template;
  const body = isUntouchedBody(request.body)
    ? endpoint.example !== undefined
      ? JSON.stringify(endpoint.example, null, 2)
      : ''
    : request.body;
  return { method: endpoint.method, path, body };
}

/**
 * The variable an answer's `$.id` most likely fills: the resource the path names, singular, e.g.
 * `order_id` for `/v2/checkout/orders` and `/v2/checkout/orders/{id}/capture`.
 */
export function idVariableFor(path: string): string {
  const segments = path
    .replace(/^\{\{\s*base_url\s*\}\}/, '')
    .split(/[?#]/)[0]
    ?.split('/')
    .filter((s) => s !== '' && !s.includes('{'));
  const plural = [...(segments ?? [])]
    .reverse()
    .find((s) => /^[a-z][a-z-]*s$/.test(s) && s !== 'test-helpers');
  return plural ? `${plural.replace(/-/g, '_').replace(/ies$/, 'y').replace(/s$/, '')}_id` : 'id';
}
