import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_BUYER } from '../../../store/seed.js';
import {
  ITEMS,
  batchBody,
  createOk,
  fund,
  getBatch,
  getJson,
  payoutItem,
  settle,
  startPayoutsHarness,
  type Json,
  type PayoutsHarness,
} from './payouts-test-kit.js';

const UNCLAIMED = 'PAYMENT.PAYOUTS-ITEM.UNCLAIMED';
const CANCELED = 'PAYMENT.PAYOUTS-ITEM.CANCELED';

describe('payout item events: a snapshot of the item row, not a copy', () => {
  let api: PayoutsHarness;
  let unclaimed: Json;
  let paid: Json;

  beforeEach(async () => {
    api = await startPayoutsHarness();
    await fund(api, '100.00');
    const batchId = await createOk(
      api,
      batchBody([payoutItem('nobody.yet@example.org', { value: '10.00' }), payoutItem(SEED_BUYER.email)]),
    );
    await settle(api);
    [unclaimed, paid] = (await getBatch(api, batchId)).items;
  });
  afterEach(async () => api.close());

  const webhooks = () => api.host.services.webhooks;
  const eventOf = (resourceId: string, eventType: string) =>
    webhooks().events.list(api.host.sandboxApp.id, { resourceId, eventType }, 1, 0).items[0];
  const storedRow = (id: string) =>
    api.host.deps.store.db.db
      .prepare('SELECT body, resource_kind FROM webhook_events WHERE id = ?')
      .get(id) as { body: string; resource_kind: string | null };

  it('stores only the resource version and the kind; reads the item as the API shows it, with its links', async () => {
    const event = eventOf(unclaimed.payout_item_id, UNCLAIMED);
    expect(event).toBeDefined();
    expect(storedRow(event?.id ?? '')).toEqual({
      body: '{"resource_version":"1.0"}',
      resource_kind: 'payout-item',
    });
    const envelope = JSON.parse(event?.body ?? '{}');
    expect(envelope).toMatchObject({
      id: event?.id,
      event_version: '1.0',
      resource_type: 'payouts_item',
      resource_version: '1.0',
      event_type: UNCLAIMED,
      summary: `Payouts item ${unclaimed.payout_item_id} is unclaimed`,
    });
    // The item as GET shows it, as the event was made (links and the error's link on the events' base
    // URL, which the test harness's requests do not share).
    const { links, ...item } = await getJson(api, `${ITEMS}/${unclaimed.payout_item_id}`);
    const { links: eventLinks, ...shown } = envelope.resource;
    const withoutLink = (view: Json) => ({ ...view, errors: { ...view.errors, information_link: '' } });
    expect(withoutLink(shown)).toEqual(withoutLink(item));
    expect(shown.errors.information_link).toMatch(/\/docs\/errors#RECEIVER_UNREGISTERED$/);
    expect(eventLinks.map((l: Json) => l.rel)).toEqual(links.map((l: Json) => l.rel));
    expect(envelope.links.map((l: Json) => l.rel)).toEqual(['self', 'resend']);
    // The API's event read answers it too (its links on the request's base URL).
    const read = await api.request('GET', `/v1/notifications/webhooks-events/${event?.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: event?.id, summary: envelope.summary });
    expect(read.body.resource).toMatchObject({
      payout_item_id: unclaimed.payout_item_id,
      transaction_status: 'UNCLAIMED',
      transaction_id: unclaimed.transaction_id,
    });
  });

  it('keeps showing the item as it was once the item changes: its resource is written out first', async () => {
    const before = eventOf(unclaimed.payout_item_id, UNCLAIMED);
    const other = eventOf(paid.payout_item_id, 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED');
    const reply = await api.request('POST', `${ITEMS}/${unclaimed.payout_item_id}/cancel`, { body: {} });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.transaction_status).toBe('RETURNED');

    const after = eventOf(unclaimed.payout_item_id, UNCLAIMED);
    expect(after?.body).toBe(before?.body);
    const row = storedRow(after?.id ?? '');
    expect(row.resource_kind).toBeNull();
    expect(JSON.parse(row.body).resource.transaction_status).toBe('UNCLAIMED');
    // The move's own event shows the item after it; the other item's event is untouched.
    const canceled = JSON.parse(eventOf(unclaimed.payout_item_id, CANCELED)?.body ?? '{}');
    expect(canceled.resource).toMatchObject({
      transaction_status: 'RETURNED',
      transaction_id: reply.body.transaction_id,
    });
    expect(storedRow(other?.id ?? '').resource_kind).toBe('payout-item');
  });

  it('a delivery sends the bytes the event reads as', async () => {
    const created = await api.request('POST', '/v1/notifications/webhooks', {
      body: { url: 'https://example.com/hook', event_types: [{ name: '*' }] },
    });
    expect(created.status, created.text).toBe(201);
    const batchId = await createOk(api, batchBody([payoutItem('later.one@example.org', { value: '1.00' })]));
    await settle(api);
    const [item] = (await getBatch(api, batchId)).items;
    const event = eventOf(item.payout_item_id, UNCLAIMED);
    const due = webhooks()
      .deliveries.due(Number.MAX_SAFE_INTEGER, 100)
      .filter((d) => d.event_id === event?.id);
    expect(due).toHaveLength(1);
    expect(due[0]?.body).toBe(event?.body);
  });
});
