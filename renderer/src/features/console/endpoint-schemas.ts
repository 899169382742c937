import { z } from 'zod';
import { pathTemplate, type HttpMethod } from '../../../../shared/api/endpoint';
import { OrderPatchSchema } from '../../../../shared/api/orders-v2';
import { ENDPOINTS as SHARED_ENDPOINTS } from '../../../../shared/api/registry';

/**
 * The endpoints the console knows, for the path autocomplete, an example body, and the JSON schema
 * Monaco validates and completes the body with. Derived from the shared registry (`ENDPOINTS` of
 * `shared/api/registry.ts`, every group's endpoints, test helpers included), the same declarations the
 * host binds its handlers to: an endpoint a group registers is in the console, with its body schema.
 */

export type { HttpMethod };
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

export interface Endpoint {
  method: HttpMethod;
  /** Path with `{id}` placeholders, e.g. `/v2/checkout/orders/{id}`. */
  template: string;
  summary: string;
  /** The OpenAPI tag it is documented under, e.g. `Orders v2`. */
  group: string;
  /** The request body's schema, when the endpoint takes one. */
  body?: z.ZodType;
  /** A starting body for the editor. */
  example?: unknown;
  /** Set when the operation is deprecated (spec 9.2): what replaces it. */
  deprecated?: { replacement: string };
}

/** Path forms the PATCH editor suggests (spec 4.4: the reference form addresses a unit). */
export const PATCH_PATH_EXAMPLES = [
  '/intent',
  '/payer',
  '/purchase_units',
  "/purchase_units/@reference_id=='default'/description",
  "/purchase_units/@reference_id=='default'/custom_id",
  "/purchase_units/@reference_id=='default'/invoice_id",
  "/purchase_units/@reference_id=='default'/soft_descriptor",
  "/purchase_units/@reference_id=='default'/amount",
  "/purchase_units/@reference_id=='default'/items",
  "/purchase_units/@reference_id=='default'/payee/email",
  "/purchase_units/@reference_id=='default'/shipping/name",
  "/purchase_units/@reference_id=='default'/shipping/address",
  "/purchase_units/@reference_id=='default'/shipping/type",
];

export const ENDPOINTS: readonly Endpoint[] = SHARED_ENDPOINTS.map((endpoint) => ({
  method: endpoint.method,
  template: pathTemplate(endpoint.path),
  summary: endpoint.summary,
  group: endpoint.tag,
  ...(endpoint.body ? { body: endpoint.body } : {}),
  ...(endpoint.example !== undefined ? { example: endpoint.example } : {}),
  ...(endpoint.deprecated ? { deprecated: endpoint.deprecated } : {}),
}));

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templatePattern(template: string): RegExp {
  const source = template
    .split(/\{[^}]+\}/)
    .map(escapeRegExp)
    .join('[^/?#]+');
  return new RegExp(`^${source}/?(?:[?#].*)?$`);
}

const PATTERNS = new Map(ENDPOINTS.map((e) => [e, templatePattern(e.template)]));

const placeholders = (template: string): number => template.split('{').length - 1;

/**
 * Endpoints whose path matches, whatever the method (to tell "wrong method" from "unknown path"): the
 * template itself first, then by fewest placeholders, as the router prefers a literal segment
 * (`/webhooks-event-types`) over a parameter.
 */
export function endpointsForPath(path: string): Endpoint[] {
  const trimmed = path.trim();
  const exact = (e: Endpoint) => (e.template === trimmed ? 0 : 1);
  return ENDPOINTS.filter((e) => e.template === trimmed || (PATTERNS.get(e)?.test(trimmed) ?? false))
    .map((e, index) => ({ e, index }))
    .sort(
      (a, b) =>
        exact(a.e) - exact(b.e) ||
        placeholders(a.e.template) - placeholders(b.e.template) ||
        a.index - b.index,
    )
    .map(({ e }) => e);
}

/** The known endpoint a method and a concrete path (or a template) name, if any. */
export function matchEndpoint(method: string, path: string): Endpoint | undefined {
  return endpointsForPath(path).find((e) => e.method === method);
}

export type JsonSchema = Record<string, unknown>;

const schemaCache = new Map<Endpoint, JsonSchema>();

/**
 * The endpoint's body as a draft-7 JSON schema (what Monaco's JSON service reads best), or undefined
 * when it takes no body. The PATCH schema also suggests the patchable path forms.
 */
export function bodyJsonSchema(endpoint: Endpoint | undefined): JsonSchema | undefined {
  if (!endpoint?.body) return undefined;
  const cached = schemaCache.get(endpoint);
  if (cached) return cached;
  const schema = z.toJSONSchema(endpoint.body, {
    io: 'input',
    target: 'draft-7',
    unrepresentable: 'any',
  }) as JsonSchema;
  delete schema.$schema;
  schema.title = `${endpoint.method} ${endpoint.template}`;
  if (endpoint.body === OrderPatchSchema) {
    const item = (schema.items ?? {}) as { properties?: Record<string, Record<string, unknown>> };
    if (item.properties?.path) item.properties.path.examples = PATCH_PATH_EXAMPLES;
    if (item.properties?.from) item.properties.from.examples = PATCH_PATH_EXAMPLES;
  }
  schemaCache.set(endpoint, schema);
  return schema;
}
