import type { ErrorDetail } from '../../../../shared/errors.js';
import type { PaymentSourceInput, PurchaseUnitInput } from '../../../../shared/api/orders-v2/schemas.js';
import { checkAmount } from '../../../../shared/amount-rules.js';
import { MoneyError } from '../../../../shared/money.js';
import type { Account } from '../../../store/repositories/accounts-repo.js';
import type { App } from '../../../store/repositories/apps-repo.js';
import { activeConsent } from '../../pipeline/authenticate.js';
import type { Store } from '../../../store/store.js';
import { bodyDetail as body, notAuthorized, unprocessable } from '../../pipeline/api-error.js';
import { parseMinor } from '../../pipeline/money-errors.js';
import type { PurchaseUnitBody } from './types.js';

/**
 * The business rules of orders v2 beyond the schema (spec 2.4, 4.4, part 7): reference ids, payees,
 * money arithmetic, donation permission and card expiry. Each failure names its JSON pointer.
 */

/**
 * A unit's platform fee (spec 2.4 `platform_fees`): in the unit's currency, more than zero and not above
 * the unit's amount, paid to a business account other than the payee (the calling app's account unless
 * the fee names one), and only where the payee granted the calling partner PARTNER_FEE.
 */
function platformFees(
  unit: PurchaseUnitInput,
  payee: Account,
  app: App,
  store: Store,
  at: string,
  problems: ErrorDetail[],
  denied: ErrorDetail[],
): PurchaseUnitBody['payment_instruction'] {
  const instruction = unit.payment_instruction;
  if (!instruction) return undefined;
  const fees = (instruction.platform_fees ?? []).map((fee, index) => {
    const feeAt = `${at}/payment_instruction/platform_fees/${index}`;
    if (fee.amount.currency_code !== unit.amount.currency_code) {
      problems.push(
        body(
          `${feeAt}/amount/currency_code`,
          'INVALID_PLATFORM_FEES_AMOUNT',
          `A platform fee is paid in the unit's currency, ${unit.amount.currency_code}.`,
          fee.amount.currency_code,
        ),
      );
    } else {
      const minor = parseMinor(fee.amount.value, fee.amount.currency_code);
      const unitMinor = parseMinor(unit.amount.value, unit.amount.currency_code);
      if (
        minor instanceof MoneyError ||
        minor <= 0n ||
        (typeof unitMinor === 'bigint' && minor > unitMinor)
      ) {
        problems.push(
          body(
            `${feeAt}/amount/value`,
            'INVALID_PLATFORM_FEES_AMOUNT',
            `A platform fee is more than zero and at most the unit's amount, ${unit.amount.value}.`,
            fee.amount.value,
          ),
        );
      }
    }
    const named = fee.payee?.email_address ?? fee.payee?.merchant_id;
    const receiver =
      named === undefined
        ? store.accounts.byId(app.merchant_id)
        : fee.payee?.email_address
          ? store.accounts.byEmail(fee.payee.email_address)
          : store.accounts.byId(named);
    if (!receiver || receiver.type !== 'BUSINESS' || receiver.id === payee.id) {
      problems.push(
        body(
          `${feeAt}/payee`,
          'INVALID_PLATFORM_FEES_ACCOUNT',
          receiver?.id === payee.id
            ? 'The platform fee goes to the partner, not to the payee of the unit.'
            : 'The platform fee payee is not a known business account.',
          named,
        ),
      );
    }
    if (payee.id !== app.merchant_id && !activeConsent(payee, app)?.features.includes('PARTNER_FEE')) {
      denied.push(
        body(
          `${feeAt}`,
          'PAYEE_NOT_CONSENTED',
          `${payee.email} has not granted this partner the PARTNER_FEE permission.`,
        ),
      );
    }
    return {
      amount: fee.amount,
      payee: { email_address: receiver?.email ?? '', merchant_id: receiver?.id ?? '' },
    };
  });
  return {
    ...(fees.length > 0 ? { platform_fees: fees } : {}),
    disbursement_mode: instruction.disbursement_mode ?? 'INSTANT',
  };
}

/** Fills in `reference_id` and `payee`, and checks everything about the units; throws 403 or 422. */
export function normalizeUnits(
  units: readonly PurchaseUnitInput[],
  merchant: Account,
  store: Store,
  app: App,
): PurchaseUnitBody[] {
  const feeDenials: ErrorDetail[] = [];
  const problems: ErrorDetail[] = [];
  const seen = new Set<string>();
  // Whether each unit's payee takes donations, beside the units rather than in them: a member added to
  // each unit only to be taken out again would cost a copy of every unit.
  const donationsAllowed: boolean[] = [];
  const normalized: PurchaseUnitBody[] = units.map((unit, index) => {
    const at = `/purchase_units/${index}`;
    let referenceId = unit.reference_id;
    if (referenceId === undefined) {
      // A one-unit order may omit it; the service then calls the unit `default` (spec 4.4).
      if (units.length > 1) problems.push(body(`${at}/reference_id`, 'REFERENCE_ID_REQUIRED'));
      referenceId = 'default';
    } else if (seen.has(referenceId))
      problems.push(body(`${at}/reference_id`, 'DUPLICATE_REFERENCE_ID', undefined, referenceId));
    seen.add(referenceId);

    let payee = merchant;
    const requested = unit.payee?.email_address ?? unit.payee?.merchant_id;
    if (requested !== undefined) {
      const account = unit.payee?.email_address
        ? store.accounts.byEmail(unit.payee.email_address)
        : store.accounts.byId(requested);
      if (!account || account.type !== 'BUSINESS') {
        problems.push(
          body(
            `${at}/payee/${unit.payee?.email_address ? 'email_address' : 'merchant_id'}`,
            'PAYEE_ACCOUNT_INVALID',
            undefined,
            requested,
          ),
        );
      } else payee = account;
    }

    problems.push(
      ...checkAmount(unit.amount, unit.items, at).problems.map((p) => body(p.field, p.issue, p.description)),
    );
    const instruction = platformFees(unit, payee, app, store, at, problems, feeDenials);
    const { payee: _ignored, payment_instruction: _instruction, ...rest } = unit;
    donationsAllowed[index] = payee.permissions.donations;
    return {
      ...rest,
      reference_id: referenceId,
      payee: { email_address: payee.email, merchant_id: payee.id },
      ...(instruction ? { payment_instruction: instruction } : {}),
    };
  });
  if (problems.length > 0) throw unprocessable(...problems);
  if (feeDenials.length > 0) throw notAuthorized(...feeDenials);

  // Donation items need the payee's permission (spec part 7: 403 NOT_AUTHORIZED).
  const denied: ErrorDetail[] = [];
  normalized.forEach((unit, index) => {
    unit.items?.forEach((item, itemIndex) => {
      if (item.category === 'DONATION' && !donationsAllowed[index]) {
        denied.push(
          body(
            `/purchase_units/${index}/items/${itemIndex}/category`,
            'PERMISSION_DENIED_FOR_DONATION_ITEMS',
            undefined,
            'DONATION',
          ),
        );
      }
    });
  });
  if (denied.length > 0) throw notAuthorized(...denied);
  return normalized;
}

/** A card expiring before the current (simulated) month is CARD_EXPIRED at `/payment_source/card/expiry`. */
export function checkCardExpiry(source: PaymentSourceInput | undefined, nowMs: number): void {
  const expiry = source?.card?.expiry;
  if (!expiry) return;
  const now = new Date(nowMs);
  const current = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  if (expiry < current) {
    throw unprocessable(body('/payment_source/card/expiry', 'CARD_EXPIRED', undefined, expiry));
  }
}

/** The card network, from the number's leading digits. */
export function cardBrand(number: string): string {
  if (/^4/.test(number)) return 'VISA';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  if (/^(6011|65|64[4-9])/.test(number)) return 'DISCOVER';
  if (/^35(2[89]|[3-8]\d)/.test(number)) return 'JCB';
  return 'UNKNOWN';
}
