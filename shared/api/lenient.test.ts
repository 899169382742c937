import { describe, expect, it } from 'vitest';
import {
  MerchantPreferencesSchema,
  PaymentDefinitionSchema,
  AgreementCreateSchema,
} from './billing-v1/schemas.js';
import { InvoiceMoneySchema } from './invoicing/schemas.js';
import { ItemV1Schema, PayerV1Schema } from './payments-v1/schemas.js';
import { MoneyV1Schema } from './payouts/schemas.js';

/** The readings of docs/sdk-compatibility.md: what the legacy SDK's samples send, read canonically. */
describe('the v1 leniency the platform SDK samples rely on', () => {
  it('reads numbers as the decimal strings they spell', () => {
    expect(ItemV1Schema.parse({ name: 'item', quantity: 1, price: 1, currency: 'USD' })).toMatchObject({
      quantity: '1',
      price: '1',
    });
    expect(MoneyV1Schema.parse({ currency: 'USD', value: 0.99 }).value).toBe('0.99');
    expect(InvoiceMoneySchema.parse({ currency: 'USD', value: 5 }).value).toBe('5');
  });

  it('still refuses what no number can spell: a fractional quantity, a non-finite or huge value', () => {
    expect(ItemV1Schema.safeParse({ name: 'item', quantity: 1.5, price: '1', currency: 'USD' }).success).toBe(
      false,
    );
    expect(MoneyV1Schema.safeParse({ currency: 'USD', value: 1e21 }).success).toBe(false);
    expect(MoneyV1Schema.safeParse({ currency: 'USD', value: true }).success).toBe(false);
  });

  it('reads enumeration words in any case, answering the spelling of the spec', () => {
    const preferences = MerchantPreferencesSchema.parse({
      auto_bill_amount: 'yes',
      initial_fail_amount_action: 'continue',
      max_fail_attempts: 1,
    });
    expect(preferences).toEqual({
      auto_bill_amount: 'YES',
      initial_fail_amount_action: 'CONTINUE',
      max_fail_attempts: '1',
    });
    const definition = PaymentDefinitionSchema.parse({
      name: 'Regular',
      type: 'regular',
      frequency: 'month',
      frequency_interval: 1,
      amount: { currency: 'USD', value: 100 },
      cycles: 12,
    });
    expect(definition).toMatchObject({
      type: 'REGULAR',
      frequency: 'MONTH',
      frequency_interval: '1',
      cycles: '12',
    });
    expect(MerchantPreferencesSchema.safeParse({ auto_bill_amount: 'maybe' }).success).toBe(false);
  });

  it("reads the brand's wallet word as the wallet, in any case", () => {
    for (const word of ['paypal', 'PAYPAL', 'svc', 'SVC'])
      expect(PayerV1Schema.parse({ payment_method: word }).payment_method).toBe('svc');
    expect(PayerV1Schema.parse({ payment_method: 'CREDIT_CARD' }).payment_method).toBe('credit_card');
    expect(PayerV1Schema.safeParse({ payment_method: 'bitcoin' }).success).toBe(false);
    const agreementPayer = AgreementCreateSchema.shape.payer.parse({ payment_method: 'Paypal' });
    expect(agreementPayer.payment_method).toBe('svc');
  });
});

describe('v1 invoice record dates', () => {
  it('takes the date-time form the platform writes and its SDK sample sends', async () => {
    const { RecordPaymentSchema } = await import('./invoicing/schemas.js');
    expect(RecordPaymentSchema.safeParse({ method: 'CASH', date: '2014-07-10 03:30:00 PST' }).success).toBe(
      true,
    );
    expect(RecordPaymentSchema.safeParse({ method: 'CASH', date: '2014-02-30 03:30:00 PST' }).success).toBe(
      false,
    );
    expect(RecordPaymentSchema.safeParse({ method: 'CASH', date: '2014-07-10 25:30:00 PST' }).success).toBe(
      false,
    );
  });
});
