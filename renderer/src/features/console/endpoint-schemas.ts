import { BuyerApprovalSchema, ClockMoveSchema } from '../../../../shared/api/test-helpers';
import { z } from 'zod';
import { OrderCreateSchema, OrderPatchSchema, OrderPaymentSchema } from '../../../../shared/api/orders';
import {
  CaptureRequestSchema,
  ReauthorizeRequestSchema,
  RefundRequestSchema,
} from '../../../../shared/api/payments';

/**
 * The endpoints of the embedded sandbox the console knows about: for the path autocomplete, an example
 * body, and the JSON schema Monaco validates and completes the body with (generated from shared/api).
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

export interface Endpoint {
  method: HttpMethod;
  /** Path with `{id}` placeholders, e.g. `/v2/checkout/orders/{id}`. */
  template: string;
  summary: string;
  group: string;
  /** The request body's schema, when the endpoint takes one. */
  body?: z.ZodType;
  /** A starting body for the editor. */
  example?: unknown;
}

/** The sandbox control API's bodies, the same schemas the server validates with. */
const ClockMoveBody = ClockMoveSchema;
const BuyerApprovalBody = BuyerApprovalSchema;
const ResetBody = z.object({});

const EXAMPLE_ORDER = {
  intent: 'CAPTURE',
  purchase_units: [
    {
      reference_id: 'default',
      description: 'Console order',
      amount: { currency_code: 'USD', value: '25.00' },
    },
  ],
};

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

export const ENDPOINTS: readonly Endpoint[] = [
  {
    method: 'POST',
    template: '/v2/checkout/orders',
    summary: 'Create order',
    group: 'Orders v2',
    body: OrderCreateSchema,
    example: EXAMPLE_ORDER,
  },
  { method: 'GET', template: '/v2/checkout/orders/{id}', summary: 'Show order details', group: 'Orders v2' },
  {
    method: 'PATCH',
    template: '/v2/checkout/orders/{id}',
    summary: 'Update order (JSON Patch)',
    group: 'Orders v2',
    body: OrderPatchSchema,
    example: [
      {
        op: 'replace',
        path: "/purchase_units/@reference_id=='default'/description",
        value: 'Patched from the console',
      },
    ],
  },
  {
    method: 'POST',
    template: '/v2/checkout/orders/{id}/authorize',
    summary: 'Authorize payment for order',
    group: 'Orders v2',
    body: OrderPaymentSchema,
    example: {},
  },
  {
    method: 'POST',
    template: '/v2/checkout/orders/{id}/capture',
    summary: 'Capture payment for order',
    group: 'Orders v2',
    body: OrderPaymentSchema,
    example: {},
  },
  {
    method: 'GET',
    template: '/v2/payments/authorizations/{id}',
    summary: 'Show authorization',
    group: 'Payments v2',
  },
  {
    method: 'POST',
    template: '/v2/payments/authorizations/{id}/capture',
    summary: 'Capture authorized payment',
    group: 'Payments v2',
    body: CaptureRequestSchema,
    example: { final_capture: true },
  },
  {
    method: 'POST',
    template: '/v2/payments/authorizations/{id}/reauthorize',
    summary: 'Reauthorize authorized payment',
    group: 'Payments v2',
    body: ReauthorizeRequestSchema,
    example: { amount: { currency_code: 'USD', value: '25.00' } },
  },
  {
    method: 'POST',
    template: '/v2/payments/authorizations/{id}/void',
    summary: 'Void authorized payment',
    group: 'Payments v2',
  },
  {
    method: 'GET',
    template: '/v2/payments/captures/{id}',
    summary: 'Show captured payment',
    group: 'Payments v2',
  },
  {
    method: 'POST',
    template: '/v2/payments/captures/{id}/refund',
    summary: 'Refund captured payment',
    group: 'Payments v2',
    body: RefundRequestSchema,
    example: { amount: { currency_code: 'USD', value: '5.00' }, note_to_payer: 'Refund from the console' },
  },
  { method: 'GET', template: '/v2/payments/refunds/{id}', summary: 'Show refund', group: 'Payments v2' },
  {
    method: 'GET',
    template: '/v1/test-helpers/clock',
    summary: 'Read the simulated clock',
    group: 'Sandbox control',
  },
  {
    method: 'POST',
    template: '/v1/test-helpers/clock',
    summary: 'Advance the simulated clock',
    group: 'Sandbox control',
    body: ClockMoveBody,
    example: { advance_seconds: 3600 },
  },
  {
    method: 'POST',
    template: '/v1/test-helpers/checkout/orders/{id}/approve',
    summary: 'Approve an order as a sandbox buyer',
    group: 'Sandbox control',
    body: BuyerApprovalBody,
    example: {},
  },
  {
    method: 'POST',
    template: '/v1/test-helpers/reset',
    summary: 'Reset the sandbox to its seed state',
    group: 'Sandbox control',
    body: ResetBody,
  },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function templatePattern(template: string): RegExp {
  const source = template
    .split(/\{[^}]+\}/)
    .map(escapeRegExp)
    .join('[^/?#]+');
  return new RegExp(`^${source}/?(?:[?#].*)?$`);
}

const PATTERNS = new Map(ENDPOINTS.map((e) => [e, templatePattern(e.template)]));

/** The known endpoint a method and a concrete path (or a template) name, if any. */
export function matchEndpoint(method: string, path: string): Endpoint | undefined {
  const trimmed = path.trim();
  return ENDPOINTS.find(
    (e) => e.method === method && (e.template === trimmed || (PATTERNS.get(e)?.test(trimmed) ?? false)),
  );
}

/** Endpoints whose path matches, whatever the method (to tell "wrong method" from "unknown path"). */
export function endpointsForPath(path: string): Endpoint[] {
  const trimmed = path.trim();
  return ENDPOINTS.filter((e) => e.template === trimmed || (PATTERNS.get(e)?.test(trimmed) ?? false));
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
