import { describe, expect, it } from 'vitest';
import { harnessPerTest, hostsPerTest } from '../../../test-support/harness-per-test.js';
import { SEED_MERCHANT } from '../../../store/seed.js';
import { expectError } from '../../../test-support/expect-error.js';
import { FIXED_NOW } from '../../../test-support/fixtures.js';
import { search, totalBalance } from '../reporting/reporting-test-kit.js';
import { PROCESS_REFERENCED_PAYOUT_JOB } from './jobs.js';
import {
  ITEMS,
  PROCESSING_DELAY_MS,
  accountIdOf,
  createBatch,
  createItem,
  eventsOf,
  getBatch,
  getItem,
  item,
  newCapture,
  queuedBatchId,
  startReferencedHarness,
  usd,
  type ReferencedHarness,
} from './referenced-payouts-test-kit.js';

const ASYNC = { Prefer: 'respond-async' };
const DELAY_S = PROCESSING_DELAY_MS / 1000;
const others = (reference: string, value: string, extra: Record<string, unknown> = {}) => ({
  reference_id: reference,
  reference_type: 'OTHERS',
  payout_amount: usd(value),
  payee_email: 'charity@example.com',
  ...extra,
});

/** The T0001 entries of the ledger, oldest first. */
const payoutEntries = (api: ReferencedHarness) => {
  const repo = api.host.services.ledger.repo;
  const rows = repo.db.prepare("SELECT * FROM ledger_entries WHERE event_code = 'T0001' ORDER BY seq").all();
  return (rows as unknown as Parameters<typeof repo.entry>[0][]).map((row) => repo.entry(row));
};

describe('referenced payouts: processing', () => {
  const api = harnessPerTest(startReferencedHarness);

  describe('ONGOING_ACTIVITY_ON_REFERENCE while an earlier request on the reference is PROCESSING', () => {
    it('a queued item blocks its reference for items and batches alike, until it is processed', async () => {
      const capture = await newCapture(api, '100.00');
      const spare = await newCapture(api, '100.00');
      const queued = await createItem(api, item(capture, { payout_amount: usd('50.00') }), ASYNC);
      expect(queued.status, queued.text).toBe(202);

      const again = await createItem(api, item(capture, { payout_amount: usd('1.00') }));
      const body = expectError(again, 'RESOURCE_CONFLICT', {
        issue: 'ONGOING_ACTIVITY_ON_REFERENCE',
        field: '/reference_id',
        location: 'body',
      });
      expect(body.details?.[0]?.description).toContain(queued.body.item_id);
      expectError(
        await createBatch(api, { referenced_payouts: [item(spare), item(capture)] }),
        'RESOURCE_CONFLICT',
        { issue: 'ONGOING_ACTIVITY_ON_REFERENCE', field: '/referenced_payouts/1/reference_id' },
      );
      // Nothing of the refused calls was written; another reference is free.
      expect(api.host.deps.store.resources.count('referenced-payout-item')).toBe(1);
      expect((await createItem(api, item(spare, { payout_amount: usd('1.00') }))).status).toBe(201);

      await api.advance(DELAY_S);
      expect((await getItem(api, queued.body.item_id)).processing_state.status).toBe('SUCCESS');
      const after = await createItem(api, item(capture, { payout_amount: usd('1.00') }));
      expect(after.status, after.text).toBe(201);
      expect(after.body.processing_state.status).toBe('SUCCESS');
    });

    it('of two calls on one reference arriving together, the second is refused', async () => {
      const capture = await newCapture(api, '100.00');
      const replies = await Promise.all([
        createItem(api, item(capture, { payout_amount: usd('1.00') }), ASYNC),
        createItem(api, item(capture, { payout_amount: usd('2.00') }), ASYNC),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([202, 409]);
      expect(api.host.deps.store.resources.count('referenced-payout-item')).toBe(1);
    });

    it('a queued batch blocks the references of its items', async () => {
      const capture = await newCapture(api, '100.00');
      queuedBatchId(await createBatch(api, { referenced_payouts: [item(capture)] }, ASYNC));
      expectError(await createItem(api, item(capture)), 'RESOURCE_CONFLICT', 'ONGOING_ACTIVITY_ON_REFERENCE');
    });

    it.each([
      ['synchronous', {}],
      ['queued', ASYNC],
    ])('a %s batch naming one reference twice is refused at the second', async (_label, headers) => {
      const capture = await newCapture(api, '100.00');
      const reply = await createBatch(
        api,
        {
          referenced_payouts: [
            item(capture, { payout_amount: usd('1.00') }),
            item(capture, { payout_amount: usd('2.00') }),
          ],
        },
        headers,
      );
      expectError(reply, 'RESOURCE_CONFLICT', {
        issue: 'ONGOING_ACTIVITY_ON_REFERENCE',
        field: '/referenced_payouts/1/reference_id',
      });
    });

    it('OTHERS references block too; the same id under another type is another reference', async () => {
      await newCapture(api, '100.00');
      expect((await createItem(api, others('order-1', '1.00'), ASYNC)).status).toBe(202);
      expectError(
        await createItem(api, others('order-1', '1.00')),
        'RESOURCE_CONFLICT',
        'ONGOING_ACTIVITY_ON_REFERENCE',
      );
      expect((await createItem(api, others('order-2', '1.00'))).status).toBe(201);
    });

    it('a FAILED item does not block its reference', async () => {
      const failed = await createItem(api, others('order-9', '1000.00'));
      expect(failed.body.processing_state).toEqual({ status: 'FAILED', reason: 'NOT_ENOUGH_BALANCE' });
      await newCapture(api, '100.00');
      const retry = await createItem(api, others('order-9', '10.00'));
      expect(retry.body.processing_state).toEqual({ status: 'SUCCESS' });
    });
  });

  describe('what a payout may take from its capture', () => {
    it('without payout_amount: what remains of the capture after its fee, refunds and earlier payouts', async () => {
      const capture = await newCapture(api, '100.00'); // net 96.02
      const refund = await api.request('POST', `/v2/payments/captures/${capture}/refund`, {
        body: { amount: usd('40.00') },
      });
      expect(refund.status, refund.text).toBe(201);
      const first = await createItem(api, item(capture, { payout_amount: usd('6.02') }));
      expect(first.body.processing_state.status).toBe('SUCCESS');
      const rest = await createItem(api, item(capture));
      expect(rest.body).toMatchObject({
        payout_amount: usd('50.00'),
        processing_state: { status: 'SUCCESS' },
      });
    });

    it('more than what remains: FAILED, AMOUNT_CHECK_FAILED; nothing left: PAYOUT_ALREADY_COMPLETED_FOR_REFERENCE', async () => {
      const capture = await newCapture(api, '100.00'); // net 96.02
      await newCapture(api, '100.00'); // funds, so only the capture's rule can refuse
      const over = await createItem(api, item(capture, { payout_amount: usd('96.03') }));
      expect(over.status, over.text).toBe(201);
      expect(over.body.processing_state).toEqual({ status: 'FAILED', reason: 'AMOUNT_CHECK_FAILED' });
      expect(over.body).not.toHaveProperty('payout_transaction_id');

      expect(
        (await createItem(api, item(capture, { payout_amount: usd('96.02') }))).body.processing_state.status,
      ).toBe('SUCCESS');
      const done = await createItem(api, item(capture));
      expect(done.body).toMatchObject({
        payout_amount: usd('0.00'),
        processing_state: { status: 'FAILED', reason: 'PAYOUT_ALREADY_COMPLETED_FOR_REFERENCE' },
      });
    });

    it('a fully refunded capture: FAILED, TRANSACTION_NOT_VALID', async () => {
      const capture = await newCapture(api, '100.00');
      expect((await api.request('POST', `/v2/payments/captures/${capture}/refund`)).status).toBe(201);
      const reply = await createItem(api, item(capture, { payout_amount: usd('1.00') }));
      expect(reply.body.processing_state).toEqual({ status: 'FAILED', reason: 'TRANSACTION_NOT_VALID' });
    });

    it('a queued payout is checked when it is processed: a refund in between makes it fail', async () => {
      const capture = await newCapture(api, '100.00');
      const queued = await createItem(api, item(capture), ASYNC);
      expect((await getItem(api, queued.body.item_id)).payout_amount).toEqual(usd('96.02'));
      const refund = await api.request('POST', `/v2/payments/captures/${capture}/refund`, {
        body: { amount: usd('50.00') },
      });
      expect(refund.status).toBe(201);
      await api.advance(DELAY_S);
      expect((await getItem(api, queued.body.item_id)).processing_state).toEqual({
        status: 'FAILED',
        reason: 'AMOUNT_CHECK_FAILED',
      });
    });

    it("the sender's available balance funds the items in order: the one it cannot fund fails", async () => {
      await newCapture(api, '100.00'); // balance 96.02
      const reply = await createBatch(api, {
        referenced_payouts: [others('a', '60.00'), others('b', '60.00'), others('c', '36.02')],
      });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.body.referenced_payouts.map((i: any) => i.processing_state)).toEqual([
        { status: 'SUCCESS' },
        { status: 'FAILED', reason: 'NOT_ENOUGH_BALANCE' },
        { status: 'SUCCESS' },
      ]);
      expect(await totalBalance(api)).toBe('0.00');
    });
  });

  describe('the ledger: T0001 debits the sender, and reporting agrees', () => {
    it('a payout writes one T0001 entry of -amount under its payout_transaction_id', async () => {
      const capture = await newCapture(api, '100.00');
      expect(await totalBalance(api)).toBe('96.02');
      const reply = await createItem(
        api,
        item(capture, { payout_amount: usd('30.00'), invoice_id: 'INV-1', custom: 'c-1' }),
      );
      const payout = reply.body.payout_transaction_id as string;
      const entries = payoutEntries(api);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        accountId: SEED_MERCHANT.id,
        transactionId: payout,
        eventCode: 'T0001',
        status: 'S',
        currency: 'USD',
        amountMinor: -3000n,
        feeMinor: 0n,
        referenceId: capture,
        balanceAffecting: true,
      });
      expect(await totalBalance(api)).toBe('66.02');

      const found = await search(api, { transaction_id: payout });
      expect(found.transaction_details).toHaveLength(1);
      expect(found.transaction_details[0].transaction_info).toMatchObject({
        transaction_id: payout,
        transaction_event_code: 'T0001',
        transaction_amount: usd('-30.00'),
        transaction_status: 'S',
        invoice_id: 'INV-1',
        custom_field: 'c-1',
      });
    });

    it('a payee_email naming another sandbox account credits that account (T0000), as a payout item does', async () => {
      const charity = accountIdOf(api, 'charity@example.com');
      expect(charity).not.toBe('');
      const ledger = api.host.services.ledger;
      const before = ledger.reads.balance(charity, 'USD', api.now());
      const capture = await newCapture(api, '100.00');
      const reply = await createItem(
        api,
        item(capture, { payout_amount: usd('25.00'), payee_email: 'charity@example.com' }),
      );
      expect(reply.status, reply.text).toBe(201);
      const payout = reply.body.payout_transaction_id as string;

      const rows = ledger.repo.db
        .prepare('SELECT * FROM ledger_entries WHERE transaction_id = ? ORDER BY seq')
        .all(payout) as unknown as Parameters<typeof ledger.repo.entry>[0][];
      const entries = rows.map((row) => ledger.repo.entry(row));
      expect(entries).toHaveLength(2);
      expect(entries[0]).toMatchObject({
        accountId: SEED_MERCHANT.id,
        eventCode: 'T0001',
        amountMinor: -2500n,
      });
      expect(entries[1]).toMatchObject({
        accountId: charity,
        transactionId: payout,
        eventCode: 'T0000',
        status: 'S',
        currency: 'USD',
        amountMinor: 2500n,
        feeMinor: 0n,
        balanceAffecting: true,
      });
      expect(ledger.reads.balance(charity, 'USD', api.now()) - before).toBe(2500n);
      expect(await totalBalance(api)).toBe('71.02'); // the sender's 96.02 less 25.00
    });

    it("a payout to the capture's own merchant (the sender) writes only its debit", async () => {
      const capture = await newCapture(api, '100.00');
      const reply = await createItem(api, item(capture, { payout_amount: usd('10.00') }));
      const payout = reply.body.payout_transaction_id as string;
      const count = api.host.services.ledger.repo.db
        .prepare('SELECT COUNT(*) AS n FROM ledger_entries WHERE transaction_id = ?')
        .get(payout) as { n: number };
      expect(Number(count.n)).toBe(1);
    });

    it('nothing is written while PROCESSING, nor for a FAILED item; a batch pays each item exactly once', async () => {
      const captures = await Promise.all(Array.from({ length: 12 }, () => newCapture(api, '10.00')));
      const batchId = queuedBatchId(
        await createBatch(api, { referenced_payouts: captures.map((c) => item(c)) }),
      );
      await createItem(api, others('too-much', '10000.00'));
      expect(payoutEntries(api)).toHaveLength(0);
      const before = await totalBalance(api);
      expect(before).toBe('109.92'); // 12 x 9.16

      await api.advance(DELAY_S);
      await api.advance(3600); // later clock moves process nothing twice
      expect(payoutEntries(api)).toHaveLength(12);
      expect(await totalBalance(api)).toBe('0.00');
      const paid = (await getBatch(api, batchId)).referenced_payouts.map((i: any) => i.payout_transaction_id);
      expect(new Set(payoutEntries(api).map((e) => e.transactionId))).toEqual(new Set(paid));
    });
  });

  describe('events', () => {
    it('PAYMENT.REFERENCED-PAYOUT-ITEM.COMPLETED and .FAILED carry the item as the API shows it', async () => {
      const capture = await newCapture(api, '100.00');
      const ok = await createItem(api, item(capture, { payout_amount: usd('10.00') }));
      const failed = await createItem(api, others('x', '5000.00'));

      // Links in events are built on the API's own base URL, not on the caller's.
      const withoutLinks = ({ links: _links, ...rest }: Record<string, unknown>) => rest;
      const completed = await eventsOf(api, 'PAYMENT.REFERENCED-PAYOUT-ITEM.COMPLETED');
      expect(completed).toHaveLength(1);
      expect(completed[0]).toMatchObject({
        resource_type: 'referenced_payouts_item',
        resource_version: '1.0',
        summary: 'A referenced payout of 10.00 USD completed',
      });
      expect(withoutLinks(completed[0].resource)).toEqual(withoutLinks(ok.body));
      expect(new URL(completed[0].resource.links[0].href).pathname).toBe(`${ITEMS}/${ok.body.item_id}`);
      const failures = await eventsOf(api, 'PAYMENT.REFERENCED-PAYOUT-ITEM.FAILED');
      expect(failures).toHaveLength(1);
      expect(failures[0].summary).toBe('A referenced payout of 5000.00 USD failed');
      expect(withoutLinks(failures[0].resource)).toEqual(withoutLinks(failed.body));
      expect(failures[0].resource.processing_state).toEqual({
        status: 'FAILED',
        reason: 'NOT_ENOUGH_BALANCE',
      });
    });

    it('a queued item emits its event when it is processed, not before', async () => {
      const capture = await newCapture(api, '100.00');
      await createItem(api, item(capture), ASYNC);
      expect(await eventsOf(api, 'PAYMENT.REFERENCED-PAYOUT-ITEM.COMPLETED')).toHaveLength(0);
      await api.advance(DELAY_S);
      expect(await eventsOf(api, 'PAYMENT.REFERENCED-PAYOUT-ITEM.COMPLETED')).toHaveLength(1);
    });

    it('both event types are in the catalog, and the simulator renders them from the API’s view', async () => {
      const reply = await api.request('GET', '/v1/notifications/webhooks-event-types');
      expect(reply.status, reply.text).toBe(200);
      const names = reply.body.event_types.map((t: any) => t.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'PAYMENT.REFERENCED-PAYOUT-ITEM.COMPLETED',
          'PAYMENT.REFERENCED-PAYOUT-ITEM.FAILED',
        ]),
      );
      const catalog = api.host.services.webhooks.catalog;
      const sample = catalog.get('PAYMENT.REFERENCED-PAYOUT-ITEM.COMPLETED')?.sample('1.0', {
        baseUrl: 'http://localhost:80',
        now: FIXED_NOW,
      });
      expect(sample).toMatchObject({
        item_id: expect.stringMatching(/^[A-Z0-9]{13}$/),
        processing_state: { status: 'SUCCESS' },
        reference_type: 'TRANSACTION_ID',
        payout_amount: usd('28.46'),
        links: [{ rel: 'self', method: 'GET', href: expect.stringContaining(ITEMS) }],
      });
    });
  });
});

describe('referenced payouts: a restart in the middle of processing', () => {
  const hosts = hostsPerTest(startReferencedHarness);

  it('a queued batch survives the restart and each item is paid exactly once', async () => {
    const dir = hosts.workspace('referenced-payouts-');
    let api = await hosts.start({ dataDir: dir });
    const captures = await Promise.all(Array.from({ length: 11 }, () => newCapture(api, '10.00')));
    const batchId = queuedBatchId(
      await createBatch(api, { referenced_payouts: captures.map((c) => item(c)) }),
    );
    const pending = api.host.deps.store.jobs
      .listPending()
      .filter((j) => j.kind === PROCESS_REFERENCED_PAYOUT_JOB);
    expect(pending).toHaveLength(1);
    await api.close();

    // Real time has passed the job's due time while the host was down: it runs as the host starts.
    api = await hosts.start({ dataDir: dir, realNow: FIXED_NOW + PROCESSING_DELAY_MS });
    const batch = await getBatch(api, batchId);
    expect(new Set(batch.referenced_payouts.map((i: any) => i.processing_state.status))).toEqual(
      new Set(['SUCCESS']),
    );
    expect(payoutEntries(api)).toHaveLength(11);
    await api.advance(DELAY_S * 10);
    expect(payoutEntries(api)).toHaveLength(11);
    expect(
      api.host.deps.store.jobs.listPending().filter((j) => j.kind === PROCESS_REFERENCED_PAYOUT_JOB),
    ).toHaveLength(0);
  });
});
