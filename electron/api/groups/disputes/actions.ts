import {
  disputeMachine,
  type AcceptClaimRequest,
  type AcknowledgeReturnItemRequest,
  type EvidenceRequest,
  type MakeOfferRequest,
} from '../../../../shared/api/disputes/index.js';
import { money } from '../../../../shared/money.js';
import { isoSeconds } from '../../../clock.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';
import type { UploadedFile } from '../../pipeline/multipart.js';
import type { RequestContext } from '../../route.js';
import { refuseUnless } from '../../transition.js';
import { amountIn } from './amounts.js';
import { takeDocuments } from './documents.js';
import type { DisputesService } from './service.js';
import type { DisputeDocument, DisputeEvidence, StoredDispute } from './types.js';

type Files = readonly UploadedFile[] | undefined;

const NOT_AS_DESCRIBED = 'MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED';

/** The offer and claim types the platform allows for a reason (`allowed_response_options`). */
const offerTypesFor = (reason: string): readonly string[] =>
  reason === NOT_AS_DESCRIBED
    ? ['REFUND', 'REFUND_WITH_RETURN', 'REFUND_WITH_REPLACEMENT']
    : ['REFUND', 'REFUND_WITH_REPLACEMENT', 'REPLACEMENT_WITHOUT_REFUND'];
const claimTypesFor = (reason: string): readonly string[] =>
  reason === NOT_AS_DESCRIBED
    ? ['REFUND', 'REFUND_WITH_RETURN', 'PARTIAL_REFUND']
    : ['REFUND', 'PARTIAL_REFUND'];

/**
 * The actions of both parties and the sandbox's own (require-evidence, adjudicate): each asks the machine
 * first (422 ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE), then checks its input, then records and moves.
 */
export class DisputeActions {
  constructor(private readonly disputes: DisputesService) {}

  private get flow() {
    return this.disputes.flow;
  }

  private now(): { ms: number; at: string } {
    const ms = this.disputes.deps.clock.now();
    return { ms, at: isoSeconds(ms) };
  }

  /** The dispute, refused unless the machine allows `trigger` now. */
  private ready(id: string, ctx: RequestContext, trigger: Parameters<typeof refuseUnless>[2]): StoredDispute {
    const dispute = this.disputes.get(id, ctx);
    refuseUnless(disputeMachine, dispute, trigger as never);
    return dispute;
  }

  private source(ctx: RequestContext): 'SUBMITTED_BY_SELLER' | 'SUBMITTED_BY_PARTNER' {
    return ctx.consent ? 'SUBMITTED_BY_PARTNER' : 'SUBMITTED_BY_SELLER';
  }

  private message(
    dispute: StoredDispute,
    content: string,
    at: string,
    documents: DisputeDocument[] = [],
    by: 'SELLER' | 'BUYER' = 'SELLER',
  ): void {
    (dispute.body.messages ??= []).push({
      posted_by: by,
      time_posted: at,
      content,
      ...(documents.length ? { documents } : {}),
    });
  }

  acceptClaim(id: string, request: AcceptClaimRequest, files: Files, ctx: RequestContext): StoredDispute {
    const dispute = this.ready(id, ctx, 'accept-claim');
    const type = request.accept_claim_type ?? (request.refund_amount ? 'PARTIAL_REFUND' : 'REFUND');
    if (!claimTypesFor(dispute.body.reason).includes(type))
      throw unprocessable(
        detail('ACCEPT_CLAIM_TYPE_NOT_ALLOWED', {
          field: '/accept_claim_type',
          value: type,
          location: 'body',
        }),
      );
    if (request.refund_amount && dispute.body.reason === 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED')
      throw unprocessable(
        detail('AMOUNT_SHOULD_NOT_BE_PASSED', {
          field: '/refund_amount',
          value: request.refund_amount.value,
          location: 'body',
        }),
      );
    if (type === 'PARTIAL_REFUND' && !request.refund_amount)
      throw unprocessable(detail('OFFER_AMOUNT_REQUIRED', { field: '/refund_amount', location: 'body' }));
    const ceiling = BigInt(dispute.internal.amount_minor);
    const amount = request.refund_amount
      ? amountIn(request.refund_amount, dispute.internal.currency, '/refund_amount', ceiling)
      : ceiling;
    const { ms, at } = this.now();
    const documents = takeDocuments(this.disputes.documents, dispute, files, 'accept_claim', at);
    if (request.note || documents.length)
      this.message(dispute, request.note ?? 'Claim accepted.', at, documents);
    if (type === 'REFUND_WITH_RETURN') {
      dispute.internal.agreed_refund_minor = String(amount);
      this.flow.move(dispute, 'accept-claim-with-return', {
        note: `claim accepted: refund of ${amount} minor units after the return`,
      });
      return dispute;
    }
    this.flow.settle(dispute, { favour: 'BUYER', refundMinor: amount, refundCode: 'T1107' }, ms);
    this.flow.move(dispute, 'accept-claim', { note: `claim accepted (${type})` });
    return dispute;
  }

  /** Evidence entries of a request; its documents go with the first one (or an OTHER evidence of their own). */
  private evidences(
    dispute: StoredDispute,
    given: readonly EvidenceRequest[] | undefined,
    files: Files,
    ctx: RequestContext,
    at: string,
  ): DisputeEvidence[] {
    const documents = takeDocuments(this.disputes.documents, dispute, files, 'evidence', at);
    const list = [...(given ?? [])];
    if (list.length === 0 && documents.length === 0)
      throw unprocessable(detail('EVIDENCE_REQUIRED', { field: '/evidences', location: 'body' }));
    if (list.length === 0) list.push({ evidence_type: 'OTHER' });
    return list.map((evidence, index) => ({
      ...evidence,
      ...(index === 0 && documents.length ? { documents } : {}),
      source: this.source(ctx),
      date: at,
      dispute_life_cycle_stage: dispute.body.dispute_life_cycle_stage,
    })) as DisputeEvidence[];
  }

  provideEvidence(
    id: string,
    request: { evidences?: EvidenceRequest[] | undefined },
    files: Files,
    ctx: RequestContext,
  ): StoredDispute {
    const dispute = this.ready(id, ctx, 'provide-evidence');
    const { at } = this.now();
    (dispute.body.evidences ??= []).push(...this.evidences(dispute, request.evidences, files, ctx, at));
    this.flow.move(dispute, 'provide-evidence', { note: 'seller provided evidence' });
    return dispute;
  }

  appeal(
    id: string,
    request: { evidences?: EvidenceRequest[] | undefined },
    files: Files,
    ctx: RequestContext,
  ): StoredDispute {
    const dispute = this.ready(id, ctx, 'appeal');
    const { at } = this.now();
    (dispute.body.evidences ??= []).push(...this.evidences(dispute, request.evidences, files, ctx, at));
    this.flow.move(dispute, 'appeal', { note: 'seller appealed the decision' });
    return dispute;
  }

  makeOffer(id: string, request: MakeOfferRequest, ctx: RequestContext): StoredDispute {
    const dispute = this.ready(id, ctx, 'make-offer');
    if (!offerTypesFor(dispute.body.reason).includes(request.offer_type))
      throw unprocessable(
        detail('OFFER_TYPE_NOT_ALLOWED', {
          field: '/offer_type',
          value: request.offer_type,
          location: 'body',
        }),
      );
    const needsMoney = request.offer_type !== 'REPLACEMENT_WITHOUT_REFUND';
    if (needsMoney && !request.offer_amount)
      throw unprocessable(detail('OFFER_AMOUNT_REQUIRED', { field: '/offer_amount', location: 'body' }));
    const offered =
      needsMoney && request.offer_amount
        ? amountIn(
            request.offer_amount,
            dispute.internal.currency,
            '/offer_amount',
            BigInt(dispute.internal.amount_minor),
          )
        : 0n;
    const { at } = this.now();
    const currency = dispute.internal.currency;
    const offer = (dispute.body.offer ??= {
      buyer_requested_amount: dispute.body.dispute_amount,
      history: [],
    });
    offer.offer_type = request.offer_type;
    if (needsMoney) offer.seller_offered_amount = money(offered, currency);
    else delete offer.seller_offered_amount;
    offer.history.push({
      offer_time: at,
      actor: 'SELLER',
      event_type: 'PROPOSED',
      offer_type: request.offer_type,
      ...(needsMoney ? { offer_amount: money(offered, currency) } : {}),
      notes: request.note,
      dispute_life_cycle_stage: dispute.body.dispute_life_cycle_stage,
    });
    dispute.internal.offered_minor = String(offered);
    this.flow.move(dispute, 'make-offer', { note: `offer: ${request.offer_type}` });
    return dispute;
  }

  sendMessage(
    id: string,
    request: { message?: string | undefined },
    files: Files,
    ctx: RequestContext,
  ): StoredDispute {
    const dispute = this.ready(id, ctx, 'send-message');
    const { at } = this.now();
    const documents = takeDocuments(this.disputes.documents, dispute, files, 'message', at);
    if (!request.message && documents.length === 0)
      throw unprocessable(
        detail('EVIDENCE_REQUIRED', {
          field: '/message',
          location: 'body',
          description: 'Give a message or a document.',
        }),
      );
    this.message(dispute, request.message ?? '', at, documents);
    this.flow.move(dispute, 'send-message');
    return dispute;
  }

  escalate(id: string, request: { note: string }, ctx: RequestContext): StoredDispute {
    const dispute = this.ready(id, ctx, 'escalate');
    this.message(dispute, request.note, this.now().at);
    this.flow.move(dispute, 'escalate', { note: 'escalated to a claim' });
    return dispute;
  }

  acknowledgeReturnItem(
    id: string,
    request: AcknowledgeReturnItemRequest,
    files: Files,
    ctx: RequestContext,
  ): StoredDispute {
    const dispute = this.ready(id, ctx, 'acknowledge-return-item');
    const type = request.acknowledgement_type ?? 'ITEM_RECEIVED';
    const { ms, at } = this.now();
    const documents = takeDocuments(this.disputes.documents, dispute, files, 'acknowledgement', at);
    this.message(dispute, request.note ?? `Return acknowledged: ${type}.`, at, documents);
    if (type === 'ITEM_RECEIVED') {
      const agreed = BigInt(dispute.internal.agreed_refund_minor ?? dispute.internal.amount_minor);
      this.flow.settle(dispute, { favour: 'BUYER', refundMinor: agreed, refundCode: 'T1107' }, ms);
      this.flow.move(dispute, 'acknowledge-return-item', { note: 'returned item received' });
    } else {
      this.flow.move(dispute, 'report-return-problem', { note: `return reported: ${type}` });
    }
    return dispute;
  }

  provideSupportingInfo(
    id: string,
    request: { notes?: string | undefined },
    files: Files,
    ctx: RequestContext,
  ): StoredDispute {
    const dispute = this.ready(id, ctx, 'provide-supporting-info');
    const { at } = this.now();
    const documents = takeDocuments(this.disputes.documents, dispute, files, 'supporting_info', at);
    if (!request.notes && documents.length === 0)
      throw unprocessable(
        detail('EVIDENCE_REQUIRED', {
          field: '/notes',
          location: 'body',
          description: 'Give notes or a document.',
        }),
      );
    (dispute.body.supporting_info ??= []).push({
      ...(request.notes ? { notes: request.notes } : {}),
      ...(documents.length ? { documents } : {}),
      source: this.source(ctx),
      provided_time: at,
      dispute_life_cycle_stage: dispute.body.dispute_life_cycle_stage,
    });
    this.flow.move(dispute, 'provide-supporting-info');
    return dispute;
  }

  // ---- the buyer's side, as the sandbox plays it ---------------------------------------------------

  acceptOffer(id: string, request: { note?: string | undefined }, ctx: RequestContext): StoredDispute {
    const dispute = this.ready(id, ctx, 'accept-offer');
    const { ms, at } = this.now();
    const offer = dispute.body.offer;
    const type = offer?.offer_type ?? 'REFUND';
    const offered = BigInt(dispute.internal.offered_minor ?? '0');
    offer?.history.push({
      offer_time: at,
      actor: 'BUYER',
      event_type: 'ACCEPTED',
      offer_type: type,
      ...(offer.seller_offered_amount ? { offer_amount: offer.seller_offered_amount } : {}),
      ...(request.note ? { notes: request.note } : {}),
      dispute_life_cycle_stage: dispute.body.dispute_life_cycle_stage,
    });
    if (type === 'REFUND_WITH_RETURN') {
      dispute.internal.agreed_refund_minor = String(offered);
      this.flow.move(dispute, 'accept-return-offer', { note: 'offer accepted; the buyer returns the item' });
    } else if (offered > 0n) {
      this.flow.settle(dispute, { favour: 'BUYER', refundMinor: offered, refundCode: 'T1107' }, ms);
      this.flow.move(dispute, 'accept-offer', { note: `offer accepted (${type})` });
    } else {
      // A replacement without refund closes the case with no money moved.
      this.flow.settle(dispute, { favour: 'SELLER' }, ms);
      this.flow.move(dispute, 'accept-offer', { note: 'replacement accepted' });
    }
    return dispute;
  }

  denyOffer(id: string, request: { note: string }, ctx: RequestContext): StoredDispute {
    const dispute = this.ready(id, ctx, 'deny-offer');
    const offer = dispute.body.offer;
    offer?.history.push({
      offer_time: this.now().at,
      actor: 'BUYER',
      event_type: 'DENIED',
      offer_type: offer.offer_type ?? 'REFUND',
      ...(offer.seller_offered_amount ? { offer_amount: offer.seller_offered_amount } : {}),
      notes: request.note,
      dispute_life_cycle_stage: dispute.body.dispute_life_cycle_stage,
    });
    delete dispute.internal.offered_minor;
    this.flow.move(dispute, 'deny-offer', { note: 'offer denied' });
    return dispute;
  }

  // ---- the sandbox's stand-ins for the platform's agents -------------------------------------------

  requireEvidence(
    id: string,
    request: { action: 'BUYER_EVIDENCE' | 'SELLER_EVIDENCE' },
    ctx: RequestContext,
  ): StoredDispute {
    const dispute = this.ready(id, ctx, 'require-evidence');
    this.flow.move(
      dispute,
      request.action === 'SELLER_EVIDENCE' ? 'require-evidence' : 'require-buyer-evidence',
      {
        note: `evidence required from the ${request.action === 'SELLER_EVIDENCE' ? 'seller' : 'buyer'}`,
      },
    );
    return dispute;
  }

  adjudicate(
    id: string,
    request: { adjudication_outcome: 'BUYER_FAVOR' | 'SELLER_FAVOR' },
    ctx: RequestContext,
  ): StoredDispute {
    const dispute = this.ready(id, ctx, 'adjudicate');
    const { ms } = this.now();
    if (request.adjudication_outcome === 'SELLER_FAVOR') {
      const appealed = dispute.body.dispute_life_cycle_stage !== 'CHARGEBACK';
      this.flow.settle(
        dispute,
        { favour: 'SELLER', adjudication: appealed ? 'PAYOUT_TO_SELLER' : 'DENY_BUYER' },
        ms,
      );
      this.flow.move(dispute, 'adjudicate', { note: 'decided for the seller' });
    } else {
      this.flow.settle(
        dispute,
        { favour: 'BUYER', refundCode: 'T1106', adjudication: 'PAYOUT_TO_BUYER' },
        ms,
      );
      this.flow.move(dispute, 'adjudicate-for-buyer', { note: 'decided for the buyer' });
    }
    return dispute;
  }
}
