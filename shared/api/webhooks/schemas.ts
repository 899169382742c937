import { z } from 'zod';
import { queryInt } from '../common.js';
import { WILDCARD_EVENT_TYPE, type ApiLink, type WebhookEventType } from '../../webhooks/event-envelope.js';

// The platform's webhook shapes, shown by this API as they are.
export * from '../../webhooks/event-envelope.js';
export * from '../../webhooks/delivery.js';
export * from '../../webhooks/listener.js';

/**
 * Webhooks (spec 2.19, 4.12, part 6, part 8): subscriptions, the event catalog, events, verification,
 * the simulator, and the sandbox's local listener. Request schemas and the shapes the API answers with;
 * the workbench's Events page reads the same types.
 */

/**
 * Spec part 8 and 4.12, and the platform's limit of 10 webhooks per application (beyond it, a create is
 * refused with `WEBHOOK_NUMBER_LIMIT_EXCEEDED`).
 */
export const WEBHOOK_LIMITS = {
  urlMaxLength: 2048,
  eventTypesMax: 500,
  idMaxLength: 50,
  perApp: 10,
} as const;

/** Webhook ids: at most 50 letters and digits (spec 4.12). */
export const WEBHOOK_ID_PATTERN = /^[A-Za-z0-9]{1,50}$/;
/** Event ids as the service makes them (`WH-` and two groups of 17), and anything similar. */
export const EVENT_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const WebhookUrlSchema = z
  .string()
  .min(1)
  .max(WEBHOOK_LIMITS.urlMaxLength)
  .refine(isHttpUrl, {
    message: 'Expected an absolute http or https URL.',
    params: { issue: 'WEBHOOK_URL_NOT_SUPPORTED' },
  });

export const WebhookIdSchema = z.string().regex(WEBHOOK_ID_PATTERN, 'Expected 1 to 50 letters and digits.');

/** One entry of `event_types` in a request; `description` and `status` are read-only and ignored. */
export const EventTypeRefSchema = z.object({
  name: z.string().min(1).max(100),
  description: z.string().max(1000).optional(),
  status: z.string().max(40).optional(),
});

export const EventTypeListSchema = z
  .array(EventTypeRefSchema)
  .min(1)
  .max(WEBHOOK_LIMITS.eventTypesMax)
  .superRefine((types, ctx) => {
    const seen = new Set<string>();
    types.forEach((type, index) => {
      if (seen.has(type.name)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `${type.name} is listed more than once.`,
          params: { issue: 'DUPLICATE_EVENT_TYPE' },
          input: type.name,
        });
      }
      seen.add(type.name);
    });
    if (seen.has(WILDCARD_EVENT_TYPE) && seen.size > 1) {
      const index = types.findIndex((t) => t.name === WILDCARD_EVENT_TYPE);
      ctx.addIssue({
        code: 'custom',
        path: [index, 'name'],
        message: 'The wildcard * already subscribes to every event type; list it alone.',
        params: { issue: 'WILDCARD_NOT_ALONE' },
        input: WILDCARD_EVENT_TYPE,
      });
    }
  });

export const WebhookCreateSchema = z.object({ url: WebhookUrlSchema, event_types: EventTypeListSchema });

export const WebhookListQuery = z.object({
  anchor_type: z.enum(['APPLICATION', 'ACCOUNT']).default('APPLICATION'),
});

export const WebhookIdParams = z.object({ webhook_id: WebhookIdSchema });

/** PATCH: `replace` on `/url` or `/event_types` only; the service checks each op and says which is wrong. */
export const WebhookPatchSchema = z
  .array(
    z.object({
      op: z.string().min(1).max(20),
      path: z.string().max(1000),
      value: z.unknown().optional(),
      from: z.string().max(1000).optional(),
    }),
  )
  .min(1)
  .max(10);

export const EventListQuery = z.object({
  page_size: queryInt(1, 300, 10),
  page: queryInt(1, 100_000, 1),
  start_time: z.iso.datetime({ offset: true }).optional(),
  end_time: z.iso.datetime({ offset: true }).optional(),
  event_type: z.string().min(1).max(100).optional(),
  /** The id of the resource the events are about (a capture, an order, ...). */
  transaction_id: z.string().min(1).max(64).optional(),
});

export const EventIdParams = z.object({
  event_id: z.string().regex(EVENT_ID_PATTERN, 'Expected letters, digits and hyphens.'),
});

export const ResendSchema = z.object({ webhook_ids: z.array(WebhookIdSchema).min(1).max(100).optional() });

/** `POST /v1/notifications/verify-webhook-signature` (spec 4.12, 6.7). */
export const VerifySignatureSchema = z.object({
  transmission_id: z.string().min(1).max(255),
  transmission_time: z.string().min(1).max(100),
  cert_url: z.string().min(1).max(WEBHOOK_LIMITS.urlMaxLength),
  auth_algo: z.string().min(1).max(100),
  transmission_sig: z.string().min(1).max(4096),
  /** Letters and digits, or the literal `WEBHOOK_ID` of mock events (answered with a clear 422). */
  webhook_id: z.string().min(1).max(WEBHOOK_LIMITS.idMaxLength),
  /** The event exactly as received: the service checks the bytes as they appear in this request. */
  webhook_event: z.record(z.string(), z.unknown()),
});

export const SimulateEventSchema = z
  .object({
    webhook_id: WebhookIdSchema.optional(),
    url: WebhookUrlSchema.optional(),
    event_type: z.string().min(1).max(100),
    resource_version: z
      .string()
      .regex(/^\d{1,2}\.\d{1,2}$/, 'Expected a version such as 2.0.')
      .optional(),
  })
  .refine((b) => (b.url === undefined) !== (b.webhook_id === undefined), {
    message: 'Give exactly one of url or webhook_id.',
    params: { issue: 'WEBHOOK_TARGET_REQUIRED' },
  });

// ---- sandbox control: deliveries and the local listener -------------------------------------------

export const DeliveryListQuery = z.object({
  event_id: z.string().regex(EVENT_ID_PATTERN).optional(),
  webhook_id: z.string().min(1).max(WEBHOOK_LIMITS.idMaxLength).optional(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED', 'CANCELLED']).optional(),
  limit: queryInt(1, 500, 50),
});

export const ListenerSettingsSchema = z.object({
  /** The status the listener answers every delivery with (non-2xx makes the service retry). */
  status: z.number().int().min(200).max(599).optional(),
  /** How long it waits before answering, in real milliseconds (past the delivery timeout: no answer). */
  delay_ms: z.number().int().min(0).max(120_000).optional(),
  /** Verify with this webhook id (events from elsewhere); `null` goes back to the matching subscription. */
  webhook_id: z.string().min(1).max(WEBHOOK_LIMITS.idMaxLength).nullable().optional(),
});

export const ListenerMessagesQuery = z.object({ limit: queryInt(1, 500, 100) });

export const ListenerMessageParams = z.object({ message_id: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) });

// ---- what the API answers with --------------------------------------------------------------------
// The envelope, deliveries and the listener's messages are the platform's (shared/webhooks/): every
// group emits events and the host's delivery and listener know no group. The API shows them as they are.

export interface Webhook {
  id: string;
  url: string;
  event_types: WebhookEventType[];
  links: ApiLink[];
}

export type WebhookCreateRequest = z.infer<typeof WebhookCreateSchema>;
export type EventTypeRef = z.infer<typeof EventTypeRefSchema>;
export type VerifySignatureRequest = z.infer<typeof VerifySignatureSchema>;
export type SimulateEventRequest = z.infer<typeof SimulateEventSchema>;
