import { invoiceMachine, type InvoiceTrigger } from '../../../../shared/api/invoicing/machines.js';
import { passesLuhn } from '../../../../shared/api/card.js';
import type { Issue } from '../../../../shared/api/registry.js';
import { fromMinor, toMinor } from '../../../../shared/money.js';
import { newTransactionId } from '../../../ledger/ledger-writer.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { GroupDeps } from '../../group-deps.js';
import { type ApiError, detail, invalidRequest, unprocessable } from '../../pipeline/api-error.js';
import { requestMinor } from '../../pipeline/money-errors.js';
import { refuseUnless, transition } from '../../transition.js';
import { v1DateTime } from './dates.js';
import type { InvoiceMail } from './invoice-mail.js';
import type { PayerRecord, StoredInvoice } from './types.js';
import { amountDue } from './views.js';

/** How the customer pays on the invoice page: their sandbox wallet, or a card typed in. */
export interface CustomerPayment {
  payerEmail: string;
  source: 'wallet' | 'card';
  card?: { number: string; expiry: string };
  /** What the customer pays towards the invoice (decimal); the balance due when empty. */
  amount?: string;
  /** A tip on top (only where the invoice allows one). */
  tip?: string;
}

const refused = (issue: Issue, field: string, description: string, value?: string): ApiError =>
  unprocessable(
    detail(issue, { field, location: 'body', description, ...(value !== undefined ? { value } : {}) }),
  );
const invalid = (issue: Issue, field: string, description: string, value?: string): ApiError =>
  invalidRequest(
    detail(issue, { field, location: 'body', description, ...(value !== undefined ? { value } : {}) }),
  );

/**
 * The customer's payment on the invoice page ("connected" to the invoice): the amount against what is
 * due, partially only when the invoice allows it and never under its minimum, a tip only when allowed;
 * the wallet must hold it (and is debited), a card must pass the Luhn check and not be expired. The
 * invoice moves to PAID or PARTIALLY_PAID, and its ledger lines follow from that move (`ledger.ts`).
 */
export class CustomerPayments {
  constructor(
    private readonly deps: GroupDeps,
    private readonly mail: InvoiceMail,
  ) {}

  pay(invoice: StoredInvoice, payment: CustomerPayment): { transactionId: string } {
    refuseUnless(invoiceMachine, invoice, 'pay');
    const currency = invoice.internal.currency;
    const due = amountDue(invoice);
    const parse = (text: string | undefined, field: string, fallback: bigint): bigint => {
      const value = (text ?? '').trim();
      if (!value) return fallback;
      return requestMinor(value, currency, { field, value, location: 'body' });
    };
    const amount = parse(payment.amount, '/amount', due);
    const tip = parse(payment.tip, '/tip', 0n);
    const shown = (minor: bigint) => `${fromMinor(minor, currency)} ${currency}`;
    if (amount <= 0n) throw invalid('AMOUNT_NOT_POSITIVE', '/amount', 'Pay more than zero.', payment.amount);
    if (tip < 0n) throw invalid('INVALID_PARAMETER_VALUE', '/tip', 'A tip cannot be negative.', payment.tip);
    if (amount > due)
      throw refused('AMOUNT_EXCEEDS_DUE', '/amount', `At most ${shown(due)} is due.`, payment.amount);
    if (amount < due) {
      if (invoice.body.allow_partial_payment !== true)
        throw refused(
          'PARTIAL_PAYMENT_NOT_ALLOWED',
          '/amount',
          `This invoice must be paid in full: ${shown(due)}.`,
        );
      const minimum = invoice.body.minimum_amount_due
        ? toMinor(invoice.body.minimum_amount_due.value, currency)
        : 0n;
      if (amount < (minimum < due ? minimum : due))
        throw refused(
          'AMOUNT_BELOW_MINIMUM_DUE',
          '/amount',
          `Pay at least ${shown(minimum)}.`,
          payment.amount,
        );
    }
    if (tip > 0n && invoice.body.allow_tip !== true)
      throw refused('TIP_NOT_ALLOWED', '/tip', 'This invoice does not take tips.', payment.tip);

    const payer = this.deps.store.accounts.byEmail(payment.payerEmail);
    let record: PayerRecord;
    if (payment.source === 'wallet') {
      if (!payer)
        throw invalid(
          'INVALID_PARAMETER_VALUE',
          '/payer_email',
          `No sandbox account has the e-mail ${payment.payerEmail}.`,
        );
      this.debitWallet(payer, currency, amount + tip, invoice.id);
      record = payerRecord(payer);
    } else {
      const last = this.checkCard(payment.card);
      record = { ...(payer ? payerRecord(payer) : { email: payment.payerEmail }), card_last_digits: last };
    }

    const transactionId = newTransactionId();
    const at = this.deps.clock.now();
    invoice.body.payments = [
      ...(invoice.body.payments ?? []),
      {
        type: 'SVC',
        transaction_id: transactionId,
        transaction_type: 'SALE',
        date: v1DateTime(at),
        method: payment.source === 'wallet' ? 'SVC' : 'CREDIT_CARD',
        amount: { currency, value: fromMinor(amount, currency) },
        ...(tip > 0n ? { tip: { currency, value: fromMinor(tip, currency) } } : {}),
      },
    ];
    invoice.internal.paid_svc_minor = String(BigInt(invoice.internal.paid_svc_minor) + amount);
    invoice.internal.payers = { ...invoice.internal.payers, [transactionId]: record };
    const trigger: InvoiceTrigger = amount === due ? 'pay' : 'pay-partially';
    transition(this.deps, invoiceMachine, invoice, trigger, {
      note: `${record.email} paid ${shown(amount)}${tip > 0n ? ` + ${shown(tip)} tip` : ''} (${payment.source}), transaction ${transactionId}`,
    });
    this.mail.receipt(
      invoice,
      this.deps.store.accounts.byId(invoice.internal.merchant_id),
      record.email,
      amount,
      tip,
      transactionId,
    );
    return { transactionId };
  }

  /**
   * The wallet pays from its balance in the invoice's currency (the account's ledger balance, which the
   * Accounts page tops up and drains), which must cover it: one line on the payer's account.
   */
  private debitWallet(payer: Account, currency: string, minor: bigint, invoiceId: string): void {
    const paid = this.deps.ledger.wallets.debit(payer.id, currency, minor, {
      eventCode: 'T0000',
      subject: `Payment of invoice ${invoiceId}`,
    });
    if (!paid) {
      const available = this.deps.ledger.wallets.balance(payer.id, currency);
      throw refused(
        'INSUFFICIENT_FUNDS',
        '/payer_email',
        `The wallet of ${payer.email} holds ${fromMinor(available, currency)} ${currency}; pay by card instead.`,
      );
    }
  }

  /** A card typed on the page: 13 to 19 digits passing the Luhn check, not expired. Its last four digits. */
  private checkCard(card: CustomerPayment['card']): string {
    const number = (card?.number ?? '').replace(/[\s-]/g, '');
    if (!/^\d{13,19}$/.test(number))
      throw invalid('INVALID_PARAMETER_VALUE', '/card_number', 'Enter a card number of 13 to 19 digits.');
    if (!passesLuhn(number))
      throw invalid(
        'INVALID_PARAMETER_VALUE',
        '/card_number',
        'The card number is not valid (it fails the Luhn check).',
      );
    const expiry = (card?.expiry ?? '').trim();
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(expiry))
      throw invalid('INVALID_PARAMETER_VALUE', '/card_expiry', 'Enter the expiry as YYYY-MM.', expiry);
    const thisMonth = new Date(this.deps.clock.now()).toISOString().slice(0, 7);
    if (expiry < thisMonth) throw refused('CARD_EXPIRED', '/card_expiry', 'The card has expired.', expiry);
    return number.slice(-4);
  }
}

function payerRecord(account: Account): PayerRecord {
  return {
    email: account.email,
    account_id: account.id,
    given_name: account.name.given_name,
    surname: account.name.surname,
    country_code: account.country_code,
  };
}
