import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS, SEED_BUYER, SEED_MERCHANT } from '../../../store/seed.js';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { ACCOUNTS, balanceOf, createAccount, seller } from './accounts-test-kit.js';
import { openingTransactionId } from './opening-balances.js';

let api: ApiHarness;
beforeEach(async () => {
  api = await startHarness();
});
afterEach(async () => {
  await api.close();
});

describe('sandbox accounts: create', () => {
  it('creates a personal account with balances as Money v2 entries -> 201, balances from the ledger', async () => {
    const reply = await createAccount(api, {
      email: 'pat@example.org',
      type: 'PERSONAL',
      balances: [
        { currency_code: 'USD', value: '25.50' },
        { currency_code: 'EUR', value: '10' },
      ],
      cards: [{ number: '4111111111111111', expiry: '2031-01' }],
      bank_accounts: [{ account_number: '123456789', routing_number: '021000021' }],
    });
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body).toMatchObject({
      email: 'pat@example.org',
      type: 'PERSONAL',
      country_code: 'US',
      balances: [
        { currency_code: 'USD', value: '25.50' },
        { currency_code: 'EUR', value: '10.00' },
      ],
      cards: [{ brand: 'VISA', last_digits: '1111', expiry: '2031-01' }],
      bank_accounts: [
        { account_number_last_digits: '6789', routing_number: '021000021', account_type: 'CHECKING' },
      ],
      seeded: false,
    });
    expect(reply.body.account_id).toMatch(/^[A-HJ-NP-Z2-9]{13}$/);
    expect(reply.text).not.toContain('4111111111111111');
    // The opening balances are ledger lines (T0300), not figures on the row.
    const lines = api.host.services.ledger.repo.byTransaction(openingTransactionId(reply.body.account_id));
    expect(lines.map((l) => [l.eventCode, l.currency, l.amountMinor])).toEqual([
      ['T0300', 'USD', 2550n],
      ['T0300', 'EUR', 1000n],
    ]);
  });

  it('a business account gets its business name and may receive donations', async () => {
    const reply = await createAccount(api, {
      email: 'shop@example.org',
      type: 'BUSINESS',
      business_name: 'Shop Ltd',
      donations_allowed: true,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ business_name: 'Shop Ltd', donations_allowed: true });
    expect(reply.body.balances).toEqual([{ currency_code: 'USD', value: '0.00' }]);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ['no e-mail', { type: 'PERSONAL' }, '/email', 'MISSING_REQUIRED_PARAMETER'],
    ['a bad e-mail', { email: 'nope', type: 'PERSONAL' }, '/email', 'INVALID_PARAMETER_SYNTAX'],
    ['an unknown type', { email: 'a@b.co', type: 'PREMIER' }, '/type', 'INVALID_PARAMETER_VALUE'],
    ['an unknown field', { email: 'a@b.co', type: 'PERSONAL', colour: 'red' }, '/colour', 'UNKNOWN_FIELD'],
    [
      'a currency twice',
      {
        email: 'a@b.co',
        type: 'PERSONAL',
        balances: [
          { currency_code: 'USD', value: '1' },
          { currency_code: 'USD', value: '2' },
        ],
      },
      '/balances',
      'DUPLICATE_CURRENCY',
    ],
    [
      'a card failing Luhn',
      { email: 'a@b.co', type: 'PERSONAL', cards: [{ number: '4111111111111112', expiry: '2031-01' }] },
      '/cards/0/number',
      'INVALID_CARD_NUMBER',
    ],
  ];
  it.each(invalid)('refuses %s with 400', async (_name, body, field, issue) => {
    expectError(await createAccount(api, body), 'INVALID_REQUEST', {
      issue: issue as never,
      field,
      location: 'body',
    });
  });

  it('refuses a negative balance, a currency it does not know and too many decimals', async () => {
    const base = { email: 'neg@example.org', type: 'PERSONAL' };
    expectError(
      await createAccount(api, { ...base, balances: [{ currency_code: 'USD', value: '-1.00' }] }),
      'INVALID_REQUEST',
      {
        issue: 'INVALID_PARAMETER_VALUE',
        field: '/balances/0/value',
      },
    );
    expectError(
      await createAccount(api, { ...base, balances: [{ currency_code: 'XXX', value: '1.00' }] }),
      'INVALID_REQUEST',
      {
        issue: 'CURRENCY_NOT_SUPPORTED',
        field: '/balances/0/currency_code',
      },
    );
    expectError(
      await createAccount(api, { ...base, balances: [{ currency_code: 'JPY', value: '1.5' }] }),
      'INVALID_REQUEST',
      {
        issue: 'DECIMAL_PRECISION',
        field: '/balances/0/value',
      },
    );
    expect((await api.request('GET', ACCOUNTS)).body.accounts).toHaveLength(SEED_ACCOUNTS.length);
  });

  it('refuses a taken e-mail (any case) and business fields on a personal account with 422', async () => {
    expectError(
      await createAccount(api, { email: 'BUYER@example.com', type: 'PERSONAL' }),
      'UNPROCESSABLE_ENTITY',
      {
        issue: 'ACCOUNT_EMAIL_TAKEN',
        field: '/email',
      },
    );
    expectError(
      await createAccount(api, { email: 'p@example.org', type: 'PERSONAL', business_name: 'X' }),
      'UNPROCESSABLE_ENTITY',
      { issue: 'BUSINESS_FIELD_ON_PERSONAL', field: '/business_name' },
    );
  });
});

describe('sandbox accounts: list, read, update, delete', () => {
  it('lists the seeded accounts with ledger balances, and filters by type', async () => {
    const all = await api.request('GET', ACCOUNTS);
    expect(all.status).toBe(200);
    const buyer = all.body.accounts.find((a: { email: string }) => a.email === SEED_BUYER.email);
    expect(buyer).toMatchObject({ seeded: true, balances: [{ currency_code: 'USD', value: '5000.00' }] });
    const personal = await api.request('GET', `${ACCOUNTS}?type=PERSONAL`);
    expect(personal.body.accounts.every((a: { type: string }) => a.type === 'PERSONAL')).toBe(true);
  });

  it('reads one account; an unknown id is 404 and a malformed one 400', async () => {
    expect((await api.request('GET', `${ACCOUNTS}/${SEED_MERCHANT.id}`)).body.email).toBe(
      SEED_MERCHANT.email,
    );
    expectError(await api.request('GET', `${ACCOUNTS}/ABCDEFGHJKLMN`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('GET', `${ACCOUNTS}/nope`), 'INVALID_REQUEST', {
      issue: 'INVALID_PARAMETER_SYNTAX',
      field: 'account_id',
    });
  });

  it('updates only the given fields; balances are targets reached by adjustment lines', async () => {
    const id = await seller(api, 'edit@example.org', '100.00');
    const reply = await api.request('PATCH', `${ACCOUNTS}/${id}`, {
      body: { business_name: 'Renamed', balances: [{ currency_code: 'USD', value: '40.00' }] },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      business_name: 'Renamed',
      email: 'edit@example.org',
      balances: [{ currency_code: 'USD', value: '40.00' }],
    });
    // History is kept: the opening line still says 100.00; a withdrawal of 60.00 follows it.
    const opening = api.host.services.ledger.repo.byTransaction(openingTransactionId(id));
    expect(opening.map((l) => l.amountMinor)).toEqual([10000n]);
    expectError(await api.request('PATCH', `${ACCOUNTS}/${id}`, { body: {} }), 'INVALID_REQUEST', {
      issue: 'MISSING_REQUIRED_PARAMETER',
    });
    expectError(
      await api.request('PATCH', `${ACCOUNTS}/${id}`, { body: { email: 'buyer@example.com' } }),
      'UNPROCESSABLE_ENTITY',
      { issue: 'ACCOUNT_EMAIL_TAKEN' },
    );
  });

  it('deletes a created account (204, then 404); seeded accounts and app merchants are refused', async () => {
    const id = await seller(api, 'gone@example.org');
    expect((await api.request('DELETE', `${ACCOUNTS}/${id}`)).status).toBe(204);
    expectError(await api.request('GET', `${ACCOUNTS}/${id}`), 'RESOURCE_NOT_FOUND');
    expectError(await api.request('DELETE', `${ACCOUNTS}/${SEED_BUYER.id}`), 'UNPROCESSABLE_ENTITY', {
      issue: 'ACCOUNT_DELETE_REFUSED',
      field: 'account_id',
      location: 'path',
    });
    expectError(await api.request('DELETE', `${ACCOUNTS}/${SEED_MERCHANT.id}`), 'UNPROCESSABLE_ENTITY', {
      issue: 'ACCOUNT_DELETE_REFUSED',
    });
  });
});

describe('sandbox accounts: top up and drain', () => {
  it('a top-up is a T0300 line, a drain a T0400 line; both show in the balance', async () => {
    const up = await api.request('POST', `${ACCOUNTS}/${SEED_MERCHANT.id}/balance-adjustments`, {
      body: { amount: { currency_code: 'USD', value: '30.00' }, direction: 'CREDIT' },
    });
    expect(up.status, up.text).toBe(201);
    expect(up.body).toMatchObject({ event_code: 'T0300', balance: { currency_code: 'USD', value: '30.00' } });
    const down = await api.request('POST', `${ACCOUNTS}/${SEED_MERCHANT.id}/balance-adjustments`, {
      body: {
        amount: { currency_code: 'USD', value: '12.25' },
        direction: 'DEBIT',
        note: 'drain for a test',
      },
    });
    expect(down.body).toMatchObject({ event_code: 'T0400', balance: { value: '17.75' } });
    expect(await balanceOf(api, SEED_MERCHANT.id)).toBe('17.75');
    // The balances report reads the same ledger (once its visibility delay has passed).
    await api.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: 4 * 3600 } });
    const report = await api.request('GET', '/v1/reporting/balances?currency_code=USD');
    expect(report.body.balances[0].total_balance.value).toBe('17.75');
  });

  it('a drain never takes a balance below zero, and a zero amount is refused', async () => {
    expectError(
      await api.request('POST', `${ACCOUNTS}/${SEED_BUYER.id}/balance-adjustments`, {
        body: { amount: { currency_code: 'USD', value: '5000.01' }, direction: 'DEBIT' },
      }),
      'UNPROCESSABLE_ENTITY',
      { issue: 'BALANCE_NEGATIVE', field: '/amount/value' },
    );
    expectError(
      await api.request('POST', `${ACCOUNTS}/${SEED_BUYER.id}/balance-adjustments`, {
        body: { amount: { currency_code: 'USD', value: '0.00' }, direction: 'CREDIT' },
      }),
      'INVALID_REQUEST',
      { issue: 'AMOUNT_NOT_POSITIVE' },
    );
    expect(await balanceOf(api, SEED_BUYER.id)).toBe('5000.00');
  });

  it('a drained merchant balance makes a payout batch fail for insufficient funds', async () => {
    const batch = await api.request('POST', '/v1/payments/payouts', {
      body: {
        sender_batch_header: { sender_batch_id: 'drained-1' },
        items: [
          {
            recipient_type: 'EMAIL',
            amount: { value: '1.00', currency: 'USD' },
            receiver: 'buyer@example.com',
          },
        ],
      },
    });
    expect(batch.status, batch.text).toBe(201);
    await api.request('POST', '/v1/test-helpers/clock', { body: { advance_seconds: 60 } });
    const read = await api.request('GET', `/v1/payments/payouts/${batch.body.batch_header.payout_batch_id}`);
    expect(read.body.batch_header.batch_status).toBe('DENIED');
  });

  it('a reset drops created accounts and writes the seeded opening balances again', async () => {
    const id = await seller(api, 'temp@example.org', '5.00');
    await api.request('POST', `${ACCOUNTS}/${SEED_BUYER.id}/balance-adjustments`, {
      body: { amount: { currency_code: 'USD', value: '100.00' }, direction: 'DEBIT' },
    });
    expect((await api.request('POST', '/v1/test-helpers/reset')).status).toBe(204);
    expectError(await api.request('GET', `${ACCOUNTS}/${id}`), 'RESOURCE_NOT_FOUND');
    expect(await balanceOf(api, SEED_BUYER.id)).toBe('5000.00');
  });
});
