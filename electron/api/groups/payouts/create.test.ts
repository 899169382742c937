import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { PAYOUT_LIMITS } from '../../../../shared/api/payouts/schemas.js';
import { expectError } from '../../../test-support/expect-error.js';
import type { Issue } from '../../../../shared/api/registry.js';
import {
  PAYOUTS,
  advance,
  batchBody,
  createBatch,
  createOk,
  fund,
  getBatch,
  otherAppToken,
  payoutItem,
  startPayoutsHarness,
  uniqueId,
  DAY_SECONDS,
} from './payouts-test-kit.js';

const ok = (receiver = 'buyer@example.com', options = {}) => payoutItem(receiver, options);

describe('POST /v1/payments/payouts', () => {
  const api = harnessPerTest(startPayoutsHarness);

  it('answers 201 with the batch header, PENDING, and a self link', async () => {
    const body = batchBody([ok(), ok('someone@example.org', { value: '5.32', note: 'Thanks!' })], {
      sender_batch_id: 'Payouts_2026_1',
      email_message: 'You have received a payout!',
    });
    const reply = await createBatch(api, body);
    expect(reply.status, reply.text).toBe(201);
    const header = reply.body.batch_header;
    expect(header).toMatchObject({
      payout_batch_id: expect.stringMatching(/^[A-Z0-9]{13}$/),
      batch_status: 'PENDING',
      time_created: '2026-05-15T12:00:00Z',
      sender_batch_header: body.sender_batch_header,
      funding_source: 'BALANCE',
      amount: { currency: 'USD', value: '15.32' },
      fees: { currency: 'USD', value: '0.50' },
    });
    expect(header.time_completed).toBeUndefined();
    expect(reply.body.links).toEqual([
      {
        href: expect.stringMatching(new RegExp(`${PAYOUTS}/${header.payout_batch_id}$`)),
        rel: 'self',
        method: 'GET',
      },
    ]);
  });

  it('takes each item in its own currency; a batch in several shows no single amount', async () => {
    const reply = await createBatch(
      api,
      batchBody([
        ok(),
        ok('a@example.org', { currency: 'EUR', value: '3.00' }),
        ok('b@example.org', { currency: 'JPY', value: '500' }),
      ]),
    );
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.batch_header.amount).toBeUndefined();
    const page = await getBatch(api, reply.body.batch_header.payout_batch_id);
    expect(page.items.map((i: { payout_item_fee: unknown }) => i.payout_item_fee)).toEqual([
      { currency: 'USD', value: '0.25' },
      { currency: 'EUR', value: '0.23' },
      { currency: 'JPY', value: '30' },
    ]);
  });

  it('uses the header recipient_type for items without their own', async () => {
    const item = { amount: { currency: 'USD', value: '1.00' }, receiver: 'G83JXTJ5EHCQ2' };
    const id = await createOk(api, batchBody([item], { recipient_type: 'SVC_ID' }));
    const page = await getBatch(api, id);
    expect(page.items[0].payout_item.recipient_type).toBe('SVC_ID');
  });

  describe('validation: every item checked, its index in the field', () => {
    const base = () => batchBody([ok(), ok(), ok(), ok()]);
    const withItem = (index: number, item: Record<string, unknown>) => {
      const body = base();
      (body.items as Record<string, unknown>[])[index] = item;
      return body;
    };
    const cases: [string, () => unknown, Issue, string][] = [
      ['no body members', () => ({}), 'MISSING_REQUIRED_PARAMETER', '/sender_batch_header'],
      ['no items', () => ({ sender_batch_header: {} }), 'MISSING_REQUIRED_PARAMETER', '/items'],
      ['an empty item list', () => batchBody([]), 'INVALID_ARRAY_MIN_ITEMS', '/items'],
      [
        'an item without amount',
        () => withItem(2, { recipient_type: 'EMAIL', receiver: 'x@example.org' }),
        'MISSING_REQUIRED_PARAMETER',
        '/items/2/amount',
      ],
      [
        'an item without receiver',
        () => withItem(1, { recipient_type: 'EMAIL', amount: { currency: 'USD', value: '1.00' } }),
        'MISSING_REQUIRED_PARAMETER',
        '/items/1/receiver',
      ],
      [
        'an unknown recipient_type',
        () => withItem(3, ok('x@example.org', { recipient_type: 'VENMO' as never })),
        'INVALID_PARAMETER_VALUE',
        '/items/3/recipient_type',
      ],
      [
        'no recipient_type anywhere',
        () => withItem(2, { amount: { currency: 'USD', value: '1.00' }, receiver: 'x@example.org' }),
        'MISSING_REQUIRED_PARAMETER',
        '/items/2/recipient_type',
      ],
      [
        'an EMAIL receiver that is no e-mail',
        () => withItem(3, ok('not-an-email')),
        'INVALID_PARAMETER_SYNTAX',
        '/items/3/receiver',
      ],
      [
        'an SVC_ID receiver that is no account id',
        () => withItem(1, ok('nope', { recipient_type: 'SVC_ID' })),
        'INVALID_PARAMETER_SYNTAX',
        '/items/1/receiver',
      ],
      [
        'a value that is no decimal',
        () => withItem(3, ok('x@example.org', { value: '1,00' })),
        'INVALID_PARAMETER_SYNTAX',
        '/items/3/amount/value',
      ],
      [
        'more decimals than USD has',
        () => withItem(3, ok('x@example.org', { value: '1.234' })),
        'DECIMAL_PRECISION',
        '/items/3/amount/value',
      ],
      [
        'decimals in JPY',
        () => withItem(0, ok('x@example.org', { currency: 'JPY', value: '10.5' })),
        'DECIMAL_PRECISION',
        '/items/0/amount/value',
      ],
      [
        'a zero amount',
        () => withItem(2, ok('x@example.org', { value: '0.00' })),
        'AMOUNT_NOT_POSITIVE',
        '/items/2/amount/value',
      ],
      [
        'a negative amount',
        () => withItem(2, ok('x@example.org', { value: '-1.00' })),
        'AMOUNT_NOT_POSITIVE',
        '/items/2/amount/value',
      ],
      [
        'an unsupported currency',
        () => withItem(1, ok('x@example.org', { currency: 'XXX' })),
        'CURRENCY_NOT_SUPPORTED',
        '/items/1/amount/currency',
      ],
      [
        'a currency that is no code',
        () => withItem(1, ok('x@example.org', { currency: 'usd' })),
        'INVALID_PARAMETER_SYNTAX',
        '/items/1/amount/currency',
      ],
      [
        'a note over 4000 characters',
        () => withItem(0, ok('x@example.org', { note: 'n'.repeat(4001) })),
        'INVALID_STRING_MAX_LENGTH',
        '/items/0/note',
      ],
      [
        'a receiver over 127 characters',
        () => withItem(0, ok(`${'r'.repeat(120)}@example.org`)),
        'INVALID_STRING_MAX_LENGTH',
        '/items/0/receiver',
      ],
      [
        'a sender_item_id over 63 characters',
        () => withItem(0, ok('x@example.org', { sender_item_id: 'i'.repeat(64) })),
        'INVALID_STRING_MAX_LENGTH',
        '/items/0/sender_item_id',
      ],
      [
        'an unknown purpose',
        () => withItem(0, ok('x@example.org', { purpose: 'FUN' })),
        'INVALID_PARAMETER_VALUE',
        '/items/0/purpose',
      ],
      [
        'a notification_language that is no tag',
        () => withItem(0, ok('x@example.org', { notification_language: 'French' })),
        'INVALID_PARAMETER_SYNTAX',
        '/items/0/notification_language',
      ],
      [
        'an alternate phone with letters',
        () =>
          withItem(
            0,
            ok('x@example.org', {
              alternate_notification_method: { phone: { country_code: '1', national_number: '555CALL' } },
            }),
          ),
        'INVALID_PARAMETER_SYNTAX',
        '/items/0/alternate_notification_method/phone/national_number',
      ],
      [
        'a sender_batch_id over 256 characters',
        () => batchBody([ok()], { sender_batch_id: 's'.repeat(257) }),
        'INVALID_STRING_MAX_LENGTH',
        '/sender_batch_header/sender_batch_id',
      ],
      [
        'an email_subject over 255 characters',
        () => batchBody([ok()], { email_subject: 's'.repeat(256) }),
        'INVALID_STRING_MAX_LENGTH',
        '/sender_batch_header/email_subject',
      ],
      [
        'an email_message over 1000 characters',
        () => batchBody([ok()], { email_message: 'm'.repeat(1001) }),
        'INVALID_STRING_MAX_LENGTH',
        '/sender_batch_header/email_message',
      ],
    ];
    it.each(cases)('%s: 400 %s at %s, nothing created', async (_label, body, issue, field) => {
      const reply = await createBatch(api, body());
      expectError(reply, 'INVALID_REQUEST', { issue, field, location: 'body' });
      expect(api.host.deps.store.resources.count('payout-batch')).toBe(0);
    });

    it('reports every bad item at once', async () => {
      const body = batchBody([ok('bad'), ok(), ok('x@example.org', { value: '1.001' }), ok('also-bad')]);
      const reply = await createBatch(api, body);
      const error = expectError(reply, 'INVALID_REQUEST');
      expect(error.details?.map((d) => d.field)).toEqual([
        '/items/0/receiver',
        '/items/2/amount/value',
        '/items/3/receiver',
      ]);
    });

    it('takes a PHONE receiver as it is: phone numbers are checked when the batch is processed (spec 3)', async () => {
      const reply = await createBatch(api, batchBody([ok('call me maybe', { recipient_type: 'PHONE' })]));
      expect(reply.status, reply.text).toBe(201);
    });

    it('takes the currency decimals: 3 for TND, none for JPY', async () => {
      const reply = await createBatch(
        api,
        batchBody([
          ok('x@example.org', { currency: 'TND', value: '1.125' }),
          ok('y@example.org', { currency: 'JPY', value: '1500' }),
        ]),
      );
      expect(reply.status, reply.text).toBe(201);
    });
  });

  describe('headers', () => {
    it('Svc-Request-Id takes 1 to 1000 characters', async () => {
      const long = await createBatch(api, batchBody([ok()]), { 'Svc-Request-Id': 'k'.repeat(1001) });
      expectError(long, 'INVALID_REQUEST', {
        issue: 'INVALID_STRING_MAX_LENGTH',
        field: 'Svc-Request-Id',
        location: 'header',
      });
      const longest = await createBatch(api, batchBody([ok()]), { 'Svc-Request-Id': 'k'.repeat(1000) });
      expect(longest.status, longest.text).toBe(201);
    });

    it('refuses a build-notation code (Svc-Partner-Attribution-Id) with 400', async () => {
      const reply = await createBatch(api, batchBody([ok()]), {
        'Svc-Partner-Attribution-Id': 'PARTNER_BN_CODE',
      });
      expectError(reply, 'INVALID_REQUEST', {
        issue: 'BUILD_NOTATION_NOT_ACCEPTED',
        field: 'Svc-Partner-Attribution-Id',
        location: 'header',
      });
      expect(api.host.deps.store.resources.count('payout-batch')).toBe(0);
    });

    it('needs the payouts scope', async () => {
      const token = await api.newToken('https://uri.svc.example/services/checkout/orders');
      const reply = await api.request('POST', PAYOUTS, { body: batchBody([ok()]), token });
      expectError(reply, 'NOT_AUTHORIZED', 'INSUFFICIENT_SCOPE');
    });
  });

  describe('idempotency: Svc-Request-Id and sender_batch_id, kept 30 days', () => {
    it('a repeated Svc-Request-Id answers 200 with the latest state of the same batch, creating nothing', async () => {
      await fund(api, '100.00');
      const key = uniqueId('req');
      const body = batchBody([ok()]);
      const first = await createBatch(api, body, { 'Svc-Request-Id': key });
      expect(first.status).toBe(201);
      await advance(api, 1);
      const again = await createBatch(api, body, { 'Svc-Request-Id': key });
      expect(again.status, again.text).toBe(200);
      expect(again.body.batch_header.payout_batch_id).toBe(first.body.batch_header.payout_batch_id);
      expect(again.body.batch_header.batch_status).toBe('SUCCESS');
      expect(api.host.deps.store.resources.count('payout-batch')).toBe(1);
    });

    it('refuses a sender_batch_id used in the last 30 days, naming it and linking the original payout', async () => {
      const body = batchBody([ok()], { sender_batch_id: 'Payouts_2026_dup' });
      const original = await createOk(api, body);
      const again = await createBatch(
        api,
        batchBody([ok('other@example.org')], { sender_batch_id: 'Payouts_2026_dup' }),
      );
      const error = expectError(again, 'INVALID_REQUEST', {
        issue: 'DUPLICATE_SENDER_BATCH_ID',
        field: '/sender_batch_header/sender_batch_id',
        location: 'body',
      });
      const detail = error.details?.[0] as {
        value?: string;
        description?: string;
        link?: { href: string; rel: string }[];
      };
      expect(detail.value).toBe('Payouts_2026_dup');
      expect(detail.description).toContain(original);
      expect(detail.link).toEqual([
        { href: expect.stringMatching(new RegExp(`${PAYOUTS}/${original}$`)), rel: 'self', method: 'GET' },
      ]);
      // The link works.
      expect((await getBatch(api, original)).batch_header.payout_batch_id).toBe(original);
      expect(api.host.deps.store.resources.count('payout-batch')).toBe(1);
    });

    it('takes the sender_batch_id again once 30 days have passed', async () => {
      const body = () => batchBody([ok()], { sender_batch_id: 'Payouts_2026_month' });
      await createOk(api, body());
      await advance(api, 30 * DAY_SECONDS - 1);
      expectError(await createBatch(api, body()), 'INVALID_REQUEST', 'DUPLICATE_SENDER_BATCH_ID');
      await advance(api, 1);
      expect((await createBatch(api, body())).status).toBe(201);
    });

    it('after a 5xx the same sender_batch_id can be resent safely', async () => {
      const header = { sender_batch_id: 'Payouts_2026_retry' };
      const failed = await createBatch(api, batchBody([ok()], header), {
        'Svc-Mock-Response': JSON.stringify({ mock_application_codes: 'INTERNAL_SERVER_ERROR' }),
      });
      expectError(failed, 'INTERNAL_SERVER_ERROR');
      // The platform's own sandbox test value gives a 500 as well.
      const failedToo = await createBatch(
        api,
        batchBody([ok('x@example.org', { note: 'ERRPYO006' })], header),
      );
      expectError(failedToo, 'INTERNAL_SERVER_ERROR');
      expect(api.host.deps.store.resources.count('payout-batch')).toBe(0);
      const resent = await createBatch(api, batchBody([ok()], header));
      expect(resent.status, resent.text).toBe(201);
    });

    it('keeps sender_batch_ids per application; a batch without one is always new', async () => {
      await createOk(api, batchBody([ok()], { sender_batch_id: 'Shared-1' }));
      const token = await otherAppToken(api);
      const other = await api.request('POST', PAYOUTS, {
        body: batchBody([ok()], { sender_batch_id: 'Shared-1' }),
        token,
      });
      expect(other.status, other.text).toBe(201);
      await createOk(api, batchBody([ok()], { sender_batch_id: undefined }));
      await createOk(api, batchBody([ok()], { sender_batch_id: undefined }));
      expect(api.host.deps.store.resources.count('payout-batch')).toBe(4);
    });
  });

  describe('negative testing', () => {
    it.each([
      ['ERRPYO001', 'NOT_AUTHORIZED', 'SENDER_RESTRICTED'],
      ['ERRPYO002', 'NOT_AUTHORIZED', 'SENDER_EMAIL_UNCONFIRMED'],
      ['ERRPYO003', 'NOT_AUTHORIZED', 'AUTHORIZATION_ERROR'],
      ['ERRPYO005', 'UNPROCESSABLE_ENTITY', 'INSUFFICIENT_FUNDS'],
      ['ERRPYO012', 'NOT_AUTHORIZED', 'SENDER_LOCKED'],
      ['ERRPYO014', 'INVALID_REQUEST', 'USER_BUSINESS_ERROR'],
    ] as const)('items[0].note %s answers %s %s and creates nothing', async (note, name, issue) => {
      const reply = await createBatch(api, batchBody([ok('x@example.org', { note }), ok()]));
      expectError(reply, name, { issue, field: '/items/0/note', location: 'body' });
      expect(api.host.deps.store.resources.count('payout-batch')).toBe(0);
    });

    it('Svc-Mock-Response forces a payouts issue', async () => {
      const reply = await createBatch(api, batchBody([ok()]), {
        'Svc-Mock-Response': JSON.stringify({ mock_application_codes: 'INSUFFICIENT_FUNDS' }),
      });
      expectError(reply, 'UNPROCESSABLE_ENTITY', 'INSUFFICIENT_FUNDS');
    });
  });

  describe('15,000 items', () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) =>
        ok(`r${i % 50}@example.org`, { value: '1.00', sender_item_id: `item-${i}`, note: 'Thanks' }),
      );

    // How fast the create answers is `bench payouts`' figure, measured against a baseline, not a test's.
    it(`takes ${PAYOUT_LIMITS.maxItems} items in one call and refuses one more`, async () => {
      const reply = await createBatch(api, batchBody(many(PAYOUT_LIMITS.maxItems)));
      expect(reply.status, reply.text.slice(0, 500)).toBe(201);
      expect(reply.body.batch_header.amount).toEqual({ currency: 'USD', value: '15000.00' });
      expect(reply.body.batch_header.fees).toEqual({ currency: 'USD', value: '3750.00' });
      const page = await getBatch(
        api,
        reply.body.batch_header.payout_batch_id,
        'page=15&page_size=1000&total_required=true',
      );
      expect(page.total_items).toBe(15_000);
      expect(page.items).toHaveLength(1000);
      expect(page.items[999].payout_item.sender_item_id).toBe('item-14999');

      const tooMany = await createBatch(api, batchBody(many(PAYOUT_LIMITS.maxItems + 1)));
      expectError(tooMany, 'INVALID_REQUEST', {
        issue: 'INVALID_ARRAY_MAX_ITEMS',
        field: '/items',
        location: 'body',
      });
    }, 60_000);
  });
});
