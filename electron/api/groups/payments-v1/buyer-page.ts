import type { FastifyInstance, FastifyReply } from 'fastify';
import type { WebProfile } from '../web-profiles/index.js';
import type { Store } from '../../../store/store.js';
import { FORM_MEDIA_TYPE } from '../../pipeline/accept.js';
import { ApiError } from '../../pipeline/api-error.js';
import {
  buyerPageLayout as page,
  CSRF_FIELD,
  csrfToken,
  escapeHtml,
  formTargets,
  sendBuyerPage,
  validCsrfToken,
  withQuery,
  type Render,
  buyerEmailField,
  sandboxBuyerEmails,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import type { PaymentsV1Service } from './service.js';
import type { StoredPaymentV1 } from './types.js';
import { BUYER_PAGE_PATH } from './views.js';

export const EXPRESS_CHECKOUT_CMD = '_express-checkout';
export const DEFAULT_V1_BUYER_EMAIL = 'buyer@example.com';

/** The CSRF token of the approval form of one payment (tests submit the form as a browser would). */
export const paymentV1CsrfToken = (paymentId: string): string => csrfToken(`payment-v1:${paymentId}`);

/** The merchant's profile for a payment (undefined when it names none, or it is gone). */
export type ProfileOf = (payment: StoredPaymentV1) => WebProfile | undefined;

/** What the page shows, from the profile first, then the payment's own application_context. */
interface Look {
  brand: string;
  logo?: string;
  landing: 'Login' | 'Billing';
  /** 0 show the address, 1 no shipping, 2 the buyer's address on file. */
  noShipping: number;
  addressOverride: boolean;
  commit: boolean;
  allowNote: boolean;
}

function lookOf(payment: StoredPaymentV1, profile: WebProfile | undefined, store: Store): Look {
  const context = (payment.body.application_context ?? {}) as {
    brand_name?: string;
    landing_page?: string;
    shipping_preference?: string;
    user_action?: string;
  };
  const payee = payment.body.transactions[0]?.payee;
  const account = payee ? store.accounts.byId(payee.merchant_id) : undefined;
  const landing = profile?.flow_config?.landing_page_type ?? context.landing_page ?? 'Login';
  const preference = context.shipping_preference;
  const logo = profile?.presentation?.logo_image;
  return {
    brand:
      profile?.presentation?.brand_name ??
      context.brand_name ??
      account?.business_name ??
      payee?.email ??
      'the merchant',
    ...(logo ? { logo } : {}),
    landing: /^billing$/i.test(landing) ? 'Billing' : 'Login',
    noShipping:
      profile?.input_fields?.no_shipping ??
      (preference === 'NO_SHIPPING' ? 1 : preference === 'GET_FROM_FILE' ? 2 : 0),
    addressOverride: profile?.input_fields?.address_override === 1 || preference === 'SET_PROVIDED_ADDRESS',
    commit: /^commit$/i.test(profile?.flow_config?.user_action ?? context.user_action ?? ''),
    allowNote: profile?.input_fields?.allow_note === true,
  };
}

function summary(payment: StoredPaymentV1): string {
  return `<table>${payment.body.transactions
    .map((transaction) => {
      const items = (transaction.item_list?.items ?? [])
        .map(
          (item) =>
            `<tr><td>${escapeHtml(item.name)} × ${escapeHtml(item.quantity)}</td><td class="amount">${escapeHtml(item.price)} ${escapeHtml(item.currency)}</td></tr>`,
        )
        .join('');
      const heading = transaction.description ?? `Payment to ${transaction.payee.email}`;
      return `${items}<tr class="total"><td>${escapeHtml(heading)}</td><td class="amount" data-testid="transaction-total">${escapeHtml(transaction.amount.total)} ${escapeHtml(transaction.amount.currency)}</td></tr>`;
    })
    .join('')}</table>`;
}

function shippingBlock(payment: StoredPaymentV1, look: Look): string {
  if (look.noShipping === 1)
    return `<p class="muted" data-testid="shipping">No shipping address is needed.</p>`;
  const given = payment.body.transactions[0]?.item_list?.shipping_address;
  if (given && (look.addressOverride || look.noShipping === 0)) {
    const lines = [
      given.recipient_name,
      given.line1,
      given.line2,
      `${given.city} ${given.state ?? ''} ${given.postal_code ?? ''}`,
      given.country_code,
    ]
      .filter((line): line is string => !!line && line.trim() !== '')
      .map(escapeHtml)
      .join('<br>');
    return `<p data-testid="shipping"><strong>Ship to</strong>${look.addressOverride ? ' (set by the merchant)' : ''}<br>${lines}</p>`;
  }
  return `<p data-testid="shipping"><strong>Ship to</strong> the address on your sandbox account.</p>`;
}

function approvalPage(
  payment: StoredPaymentV1,
  look: Look,
  buyers: string[],
  buyerEmail: string,
  error?: string,
): Render {
  const open = payment.status === 'created';
  const landing =
    look.landing === 'Billing'
      ? `<h2 data-testid="landing-page" data-landing="Billing">Pay with a debit or credit card</h2><p class="muted">Guest checkout: the sandbox charges the card on file of the buyer you choose.</p>`
      : `<h2 data-testid="landing-page" data-landing="Login">Log in to pay</h2>`;
  return page(
    `Pay ${look.brand}`,
    `${look.logo ? `<p><img src="${escapeHtml(look.logo)}" alt="${escapeHtml(look.brand)}" data-testid="brand-logo" height="48"></p>` : ''}
<h1 data-testid="brand-name">Pay ${escapeHtml(look.brand)}</h1>
<p class="muted">Sandbox checkout (payments v1, deprecated: use /v2/payments) · payment <code>${escapeHtml(payment.id)}</code> · <span class="status" data-testid="payment-state">${escapeHtml(payment.status)}</span></p>
${summary(payment)}
${payment.body.note_to_payer ? `<p data-testid="note-to-payer">${escapeHtml(payment.body.note_to_payer)}</p>` : ''}
${shippingBlock(payment, look)}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${
  open
    ? `${landing}<form method="post" action="${BUYER_PAGE_PATH}">
  <input type="hidden" name="cmd" value="${EXPRESS_CHECKOUT_CMD}">
  <input type="hidden" name="token" value="${escapeHtml(payment.internal.token)}">
  <input type="hidden" name="${CSRF_FIELD}" value="${paymentV1CsrfToken(payment.id)}">
  ${buyerEmailField(buyerEmail, buyers)}
  ${look.allowNote ? `<label for="note">Note to ${escapeHtml(look.brand)}</label><input id="note" name="note" maxlength="255">` : ''}
  <div class="actions">
    <button class="secondary" type="submit" name="action" value="cancel">Cancel and return</button>
    <button class="primary" type="submit" name="action" value="approve">${look.commit ? 'Pay Now' : 'Continue'}</button>
  </div>
</form>`
    : `<p>This payment is <strong>${escapeHtml(payment.status)}</strong> and cannot be approved again.</p>`
}`,
  );
}

/**
 * The buyer page of payments v1, at the address v1's `approval_url` had
 * (`/cgi-bin/webscr?cmd=_express-checkout&token=EC-...`): server-rendered HTML without JavaScript,
 * dressed by the payment's web experience profile. The buyer approves (303 to `return_url` with
 * `paymentId`, `token` and `PayerID`; the merchant then executes) or cancels (303 to `cancel_url` with
 * `token`).
 */
export function registerPaymentV1BuyerPage(
  app: FastifyInstance,
  table: RouteTable,
  payments: PaymentsV1Service,
  store: Store,
  profileOf: ProfileOf,
): void {
  const buyers = () => sandboxBuyerEmails(store);
  const html = (
    reply: FastifyReply,
    status: number,
    render: Render,
    payment?: StoredPaymentV1,
    look?: Look,
  ) => {
    const urls = payment?.body.redirect_urls;
    const images = look?.logo ? formTargets([look.logo]) : [];
    return sendBuyerPage(
      reply,
      status,
      render,
      urls ? formTargets([urls.return_url, urls.cancel_url]) : [],
      images,
    );
  };
  const notFoundPage = (reply: FastifyReply, token: string) =>
    html(
      reply,
      404,
      page(
        'Payment not found',
        `<h1>Payment not found</h1><p>No payment has the token <code>${escapeHtml(token)}</code>.</p>`,
      ),
    );
  const find = (cmd: unknown, token: unknown) =>
    cmd === EXPRESS_CHECKOUT_CMD && typeof token === 'string' && token
      ? payments.findByToken(token)
      : undefined;

  table.add('GET', BUYER_PAGE_PATH);
  table.add('POST', BUYER_PAGE_PATH);

  app.get(BUYER_PAGE_PATH, { config: { public: true, html: true } }, async (request, reply) => {
    const query = request.query as { cmd?: unknown; token?: unknown };
    const payment = find(query.cmd, query.token);
    if (!payment) return notFoundPage(reply, String(query.token ?? ''));
    const look = lookOf(payment, profileOf(payment), store);
    return html(reply, 200, approvalPage(payment, look, buyers(), DEFAULT_V1_BUYER_EMAIL), payment, look);
  });

  app.post(
    BUYER_PAGE_PATH,
    { config: { public: true, html: true, contentTypes: [FORM_MEDIA_TYPE] } },
    async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const payment = find(form.cmd, form.token);
      if (!payment) return notFoundPage(reply, form.token ?? '');
      const look = lookOf(payment, profileOf(payment), store);
      const buyerEmail = (form.buyer_email ?? '').trim() || DEFAULT_V1_BUYER_EMAIL;
      const again = (status: number, message: string, shown = payment) =>
        html(reply, status, approvalPage(shown, look, buyers(), buyerEmail, message), shown, look);
      // Only a form this page rendered may act: another site can post here but cannot read our token.
      if (!validCsrfToken(`payment-v1:${payment.id}`, form[CSRF_FIELD])) {
        return again(
          403,
          'This form has expired or did not come from this page. Check the payment and submit again.',
        );
      }
      const token = payment.internal.token;
      if (form.action === 'cancel') {
        const cancel = payment.body.redirect_urls?.cancel_url;
        if (cancel) return reply.redirect(withQuery(cancel, { token }), 303);
        return html(
          reply,
          200,
          page('Payment cancelled', `<h1>Payment cancelled</h1><p>You can close this page.</p>`),
        );
      }
      if (form.action !== 'approve') return again(400, 'Choose Continue or Cancel and return.');
      const buyer = store.accounts.byEmail(buyerEmail);
      if (!buyer || buyer.type !== 'PERSONAL')
        return again(422, `${buyerEmail} is not a personal sandbox account.`);
      try {
        store.transaction(() => {
          const note = (form.note ?? '').trim().slice(0, 255);
          const first = payment.body.transactions[0];
          if (look.allowNote && note && first) first.note_to_payee = note;
          payments.approve(payment, buyer);
        });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return again(
          error.status,
          error.details[0]?.description ?? error.message,
          payments.findByToken(token) ?? payment,
        );
      }
      const back = payment.body.redirect_urls?.return_url;
      if (back)
        return reply.redirect(withQuery(back, { paymentId: payment.id, token, PayerID: buyer.id }), 303);
      return html(
        reply,
        200,
        page(
          'Payment approved',
          `<h1>Payment approved</h1><p>Approved by ${escapeHtml(buyer.email)} (payer id <code data-testid="payer-id">${escapeHtml(buyer.id)}</code>). The merchant can now execute it.</p>`,
        ),
      );
    },
  );
}
