import { paymentTokenMachine } from '../../../../shared/api/vault/machines.js';
import { VAULT_LIMITS, type PaymentTokenCreateRequest } from '../../../../shared/api/vault/schemas.js';
import { isoSeconds } from '../../../clock.js';
import { OLDEST_FIRST } from '../../../store/repositories/resource-query.js';
import type { ApiDeps } from '../../deps.js';
import { type ApiError, detail, notFound, notFoundDetails } from '../../pipeline/api-error.js';
import { pageCount, pageLinks, pageOffset, readPage, type PageLinkRule } from '../../pipeline/paging.js';
import type { RequestContext } from '../../route.js';
import { createResource, transition } from '../../transition.js';
import { newCustomerId, newPaymentTokenId } from './ids.js';
import { sourceKind, vaultedBank, vaultedCard } from './instruments.js';
import type { VaultOnboarding } from './onboarding.js';
import type { SetupTokensService } from './setup-tokens-service.js';
import {
  PAYMENT_TOKEN_KIND,
  SETUP_TOKEN_KIND,
  type Customer,
  type StoredPaymentToken,
  type StoredSetupToken,
  type VaultedSource,
} from './types.js';
import { PAYMENT_TOKENS_PATH } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/** Spec 2.7: self, first and last on every page; prev and next where there is one. */
const PAYMENT_TOKEN_PAGE_LINKS: readonly PageLinkRule[] = [
  { step: 'self' },
  { step: 'first', always: true },
  { step: 'last', always: true },
  { step: 'prev' },
  { step: 'next' },
];

// A customer's tokens, oldest first, through the index on parent_id (a payment token's parent is its
// customer; ids are scoped to the app, as every resource is).

export interface NewToken {
  ctx: RequestContext;
  customer: Customer;
  source: VaultedSource;
  setupTokenId?: string;
  orderId?: string;
}

/** Payment tokens (spec 2.7, 4.7): create (from a setup token or directly), list, show, delete. */
export class PaymentTokensService {
  constructor(
    private readonly deps: ApiDeps,
    private readonly onboarding: VaultOnboarding,
    private readonly setupTokens: SetupTokensService,
  ) {}

  create(request: PaymentTokenCreateRequest, ctx: RequestContext): StoredPaymentToken {
    this.onboarding.require(ctx.merchant, '/payment_source');
    const { token, card, bank } = request.payment_source;
    if (token) {
      // Spec part 7: a setup token that is absent is 404.
      const setup = this.deps.store.resources.owned<StoredSetupToken>(SETUP_TOKEN_KIND, token.id, ctx.app.id);
      if (!setup) throw bodyNotFound('setup token', token.id, '/payment_source/token/id');
      const id = newPaymentTokenId();
      this.setupTokens.exchange(setup, id);
      return this.insert(
        {
          ctx,
          customer: setup.body.customer,
          source: setup.body.payment_source,
          setupTokenId: setup.id,
        },
        id,
      );
    }
    const customer: Customer = {
      id: request.customer?.id ?? newCustomerId(),
      ...(request.customer?.merchant_customer_id
        ? { merchant_customer_id: request.customer.merchant_customer_id }
        : {}),
    };
    const source: VaultedSource = card
      ? { card: vaultedCard(card, this.deps.clock.now(), '/payment_source/card') }
      : { bank: vaultedBank(bank ?? {}) };
    return this.insert({ ctx, customer, source });
  }

  /** Writes a new token (also what an order's `store_in_vault` does once the order is paid). */
  insert(input: NewToken, id = newPaymentTokenId()): StoredPaymentToken {
    const at = this.deps.clock.nowIso();
    const token: StoredPaymentToken = {
      ...resourceEnvelope({
        kind: PAYMENT_TOKEN_KIND,
        id,
        app: input.ctx.app.id,
        status: 'VAULTED',
        parent: input.customer.id,
        at,
      }),
      body: { id, customer: input.customer, payment_source: input.source },
      internal: {
        merchant_id: input.ctx.merchant.id,
        source_kind: sourceKind(input.source),
        ...(input.setupTokenId ? { setup_token_id: input.setupTokenId } : {}),
        ...(input.orderId ? { order_id: input.orderId } : {}),
        ...(input.source.bank?.sepa_debit ? { mandate_time: isoSeconds(this.deps.clock.now()) } : {}),
      },
    };
    createResource(this.deps, paymentTokenMachine, token, 'create');
    return token;
  }

  /**
   * A token of the caller's app that is still in the vault; 404 otherwise (deleted ones included): a
   * path id answers RESOURCE_NOT_FOUND, an id in a body (an order's vault_id) INVALID_RESOURCE_ID.
   */
  get(id: string, ctx: RequestContext, field = 'id', location: 'path' | 'body' = 'path'): StoredPaymentToken {
    const token = this.deps.store.resources.owned<StoredPaymentToken>(PAYMENT_TOKEN_KIND, id, ctx.app.id);
    if (!token || token.status !== 'VAULTED')
      throw location === 'body'
        ? bodyNotFound('payment token', id, field)
        : notFound('payment token', id, field);
    return token;
  }

  find(id: string): StoredPaymentToken | undefined {
    return this.deps.store.resources.get<StoredPaymentToken['body'], StoredPaymentToken['internal']>(
      PAYMENT_TOKEN_KIND,
      id,
    ) as StoredPaymentToken | undefined;
  }

  /**
   * DELETE: the token leaves the vault (kept as DELETED for its history and events, invisible to every
   * read). Deleting it again answers 204 as well: the caller's intent holds.
   */
  delete(id: string, ctx: RequestContext): void {
    const token = this.deps.store.resources.owned<StoredPaymentToken>(PAYMENT_TOKEN_KIND, id, ctx.app.id);
    if (!token) throw notFound('payment token', id);
    if (token.status === 'DELETED') return;
    transition(this.deps, paymentTokenMachine, token, 'delete');
  }

  /** A customer's tokens, a page at a time (spec 2.7: `customer`, `payment_tokens`, `links`). */
  list(
    query: { customer_id: string; page_size: number; page: number; total_required: boolean },
    ctx: RequestContext,
    present: (token: StoredPaymentToken) => Record<string, unknown>,
  ): Record<string, unknown> {
    const request = readPage(query, { defaultPageSize: VAULT_LIMITS.maxPageSize });
    const { items, total } = this.deps.store.resources.page<StoredPaymentToken>(
      {
        kind: PAYMENT_TOKEN_KIND,
        app: ctx.app.id,
        parent: query.customer_id,
        status: 'VAULTED',
        sort: OLDEST_FIRST,
      },
      request.pageSize,
      pageOffset(request),
    );
    return {
      ...(request.totalRequired
        ? { total_items: total, total_pages: pageCount(total, request.pageSize) }
        : {}),
      customer: { id: query.customer_id },
      payment_tokens: items.map(present),
      links: pageLinks({
        baseUrl: ctx.baseUrl,
        path: PAYMENT_TOKENS_PATH,
        request,
        total,
        params: {
          customer_id: query.customer_id,
          page_size: request.pageSize,
          page: request.page,
          total_required: request.totalRequired,
        },
        rules: PAYMENT_TOKEN_PAGE_LINKS,
      }),
    };
  }
}

/** 404 for an id given in a request body (a setup token to exchange, an order's vault_id). */
export function bodyNotFound(what: string, id: string, field: string): ApiError {
  return notFoundDetails(
    detail('INVALID_RESOURCE_ID', {
      field,
      value: id,
      location: 'body',
      description: `No ${what} with id ${id}.`,
    }),
  );
}
