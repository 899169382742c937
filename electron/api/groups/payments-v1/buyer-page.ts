import type { FastifyInstance } from 'fastify';
import type { WebProfile } from '../web-profiles/index.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { Store } from '../../../store/store.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';
import { registerApprovalPage, unknownTokenPage, type ApprovalView } from '../../pipeline/approval-page.js';
import {
  buyerEmailField,
  buyerPageLayout as page,
  formCsrfToken,
  escapeHtml,
  itemRows,
  type Render,
} from '../../pipeline/buyer-page.js';
import type { RouteTable } from '../../pipeline/route-not-found.js';
import type { PaymentsV1Service } from './service.js';
import type { StoredPaymentV1 } from './types.js';
import { BUYER_PAGE_PATH } from './views.js';

export const EXPRESS_CHECKOUT_CMD = '_express-checkout';
export const DEFAULT_V1_BUYER_EMAIL = 'buyer@example.com';

const CSRF_FLOW = 'payment-v1';

/** The CSRF token of the approval form of one payment (tests submit the form as a browser would). */
export const paymentV1CsrfToken = (paymentId: string): string =>
  formCsrfToken({ flow: CSRF_FLOW, id: paymentId });

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
      const items = itemRows(transaction.item_list?.items ?? []);
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

/** A payment as its buyer page shows it: dressed by the merchant's profile. */
interface PaymentOnPage {
  payment: StoredPaymentV1;
  look: Look;
}

function approvalPage({ payment, look }: PaymentOnPage, view: ApprovalView): Render {
  const open = payment.status === 'created';
  const landing =
    look.landing === 'Billing'
      ? `<h2 data-testid="landing-page" data-landing="Billing">Pay with a debit or credit card</h2><p class="muted">Guest checkout: the sandbox charges the card on file of the buyer you choose.</p>`
      : `<h2 data-testid="landing-page" data-landing="Login">Log in to pay</h2>`;
  const note = look.allowNote
    ? `<label for="note">Note to ${escapeHtml(look.brand)}</label><input id="note" name="note" maxlength="255">`
    : '';
  return page(
    `Pay ${look.brand}`,
    `${look.logo ? `<p><img src="${escapeHtml(look.logo)}" alt="${escapeHtml(look.brand)}" data-testid="brand-logo" height="48"></p>` : ''}
<h1 data-testid="brand-name">Pay ${escapeHtml(look.brand)}</h1>
<p class="muted">Sandbox checkout (payments v1, deprecated: use /v2/payments) · payment <code>${escapeHtml(payment.id)}</code> · <span class="status" data-testid="payment-state">${escapeHtml(payment.status)}</span></p>
${summary(payment)}
${payment.body.note_to_payer ? `<p data-testid="note-to-payer">${escapeHtml(payment.body.note_to_payer)}</p>` : ''}
${shippingBlock(payment, look)}
${view.alert}
${
  open
    ? `${landing}${view.form([buyerEmailField(view.buyerEmail, view.buyers), note], look.commit ? 'Pay Now' : 'Continue')}`
    : `<p>This payment is <strong>${escapeHtml(payment.status)}</strong> and cannot be approved again.</p>`
}`,
  );
}

/** The buyer the form names, who must hold a personal sandbox account (a business cannot pay here). */
function personalBuyer(store: Store, email: string): Account {
  const buyer = store.accounts.byEmail(email);
  if (buyer && buyer.type === 'PERSONAL') return buyer;
  throw unprocessable(
    detail('PAYER_ACCOUNT_INVALID', {
      field: '/buyer_email',
      value: email,
      location: 'body',
      description: `${email} is not a personal sandbox account.`,
    }),
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
  registerApprovalPage<PaymentOnPage, Account>(app, table, store, {
    path: BUYER_PAGE_PATH,
    tokenField: 'token',
    find: (token, fields) => {
      const payment = fields.cmd === EXPRESS_CHECKOUT_CMD ? payments.findByToken(token) : undefined;
      return payment && { payment, look: lookOf(payment, profileOf(payment), store) };
    },
    notFound: (token) => unknownTokenPage('Payment', token),
    csrfFlow: CSRF_FLOW,
    csrfId: ({ payment }) => payment.id,
    hiddenFields: ({ payment }) => ({ cmd: EXPRESS_CHECKOUT_CMD, token: payment.internal.token }),
    defaultBuyerEmail: () => DEFAULT_V1_BUYER_EMAIL,
    redirectUrls: ({ payment }) => [
      payment.body.redirect_urls?.return_url,
      payment.body.redirect_urls?.cancel_url,
    ],
    imageUrls: ({ look }) => [look.logo],
    render: approvalPage,
    refusals: {
      forgedForm: 'This form has expired or did not come from this page. Check the payment and submit again.',
      unknownAction: 'Choose Continue or Cancel and return.',
    },
    cancel: {
      url: ({ payment }) => payment.body.redirect_urls?.cancel_url,
      query: ({ payment }) => ({ token: payment.internal.token }),
      page: () => page('Payment cancelled', `<h1>Payment cancelled</h1><p>You can close this page.</p>`),
    },
    approve: {
      run: ({ payment, look }, { buyerEmail, form }) => {
        const buyer = personalBuyer(store, buyerEmail);
        const note = (form.note ?? '').trim().slice(0, 255);
        const first = payment.body.transactions[0];
        if (look.allowNote && note && first) first.note_to_payee = note;
        payments.approve(payment, buyer);
        return buyer;
      },
      url: ({ payment }) => payment.body.redirect_urls?.return_url,
      query: ({ payment }, buyer) => ({
        paymentId: payment.id,
        token: payment.internal.token,
        PayerID: buyer.id,
      }),
      page: (_payment, buyer) =>
        page(
          'Payment approved',
          `<h1>Payment approved</h1><p>Approved by ${escapeHtml(buyer.email)} (payer id <code data-testid="payer-id">${escapeHtml(buyer.id)}</code>). The merchant can now execute it.</p>`,
        ),
    },
  });
}
