import type { ThirdPartyFeature } from '../../../shared/partner-features.js';
import type { PartnerLink } from '../../store/repositories/accounts-repo.js';
import type { AnyRoute, RequestContext } from '../route.js';
import { ApiError, detail } from './api-error.js';
import type { ValidatedInput } from './validate.js';

/**
 * What an operation needs when a partner runs it for a seller (`Svc-Auth-Assertion`, spec 5.5), declared
 * on the route (`partnerFeatures`) and checked here, once, for every operation of every group:
 *
 * - a list of third-party features: the seller must have granted every one of them;
 * - features always needed and features needed when the validated input asks for them (a payment that
 *   carries a partner fee needs PARTNER_FEE besides PAYMENT), each with the condition in words for docs;
 * - `PARTNER_ONLY`: the partner's own operation (its webhooks, referrals, the sandbox controls), never
 *   run on a seller's behalf.
 *
 * An operation that declares nothing is refused for a seller as well: acting for someone else is allowed
 * only where it is written down.
 */
export const PARTNER_ONLY = 'partner-only';

/** A feature an operation needs only for some inputs. */
export interface ConditionalFeature<I> {
  feature: ThirdPartyFeature;
  /** The condition in words, as docs/partner-consent.md lists it. */
  when: string;
  applies(input: I): boolean;
}

export type PartnerFeatures<I = ValidatedInput> =
  | readonly ThirdPartyFeature[]
  | { always: readonly ThirdPartyFeature[]; sometimes: readonly ConditionalFeature<I>[] }
  | typeof PARTNER_ONLY;

const ASSERTION = { field: 'Svc-Auth-Assertion', location: 'header' as const };

/** The features `route` needs for this input; undefined when it may not be run for a seller at all. */
export function featuresNeeded(
  route: AnyRoute,
  input: ValidatedInput,
): readonly ThirdPartyFeature[] | undefined {
  const declared = route.partnerFeatures as PartnerFeatures | undefined;
  if (declared === undefined || declared === PARTNER_ONLY) return undefined;
  if (!('always' in declared)) return declared;
  return [
    ...declared.always,
    ...declared.sometimes.filter((condition) => condition.applies(input)).map((c) => c.feature),
  ];
}

/**
 * Step 5b of the pipeline: a call acting for a seller runs only an operation the seller's consent covers
 * (403 `NOT_AUTHORIZED` / `PAYEE_NOT_CONSENTED` otherwise). A call for the app's own merchant passes.
 */
export function checkPartnerConsent(route: AnyRoute, input: ValidatedInput, ctx: RequestContext): void {
  if (!ctx.consent) return;
  const needed = featuresNeeded(route, input);
  if (!needed) {
    throw new ApiError('NOT_AUTHORIZED', [
      detail('PAYEE_NOT_CONSENTED', {
        ...ASSERTION,
        description: `${route.method} ${route.path} is the partner's own operation: it cannot be run on a seller's behalf (send it without Svc-Auth-Assertion).`,
      }),
    ]);
  }
  requirePartnerFeatures(ctx.consent, needed);
}

/**
 * Refuses, with 403 `NOT_AUTHORIZED` / `PAYEE_NOT_CONSENTED`, a call acting for a seller that did not
 * grant every one of `features`. For the few needs that only the service can see (a resource's own
 * state); what the request shows is declared on the route instead.
 */
export function requirePartnerFeatures(
  consent: PartnerLink | undefined,
  features: readonly string[],
  field: { field: string; location: 'header' | 'body' } = ASSERTION,
): void {
  if (!consent) return;
  const missing = features.filter((feature) => !consent.features.includes(feature));
  if (missing.length === 0) return;
  throw new ApiError('NOT_AUTHORIZED', [
    detail('PAYEE_NOT_CONSENTED', {
      ...field,
      description: `The seller did not grant this partner the ${missing.join(', ')} permission${missing.length > 1 ? 's' : ''}.`,
    }),
  ]);
}
