import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from '../test-support/api-harness.js';
import { ENVELOPE_MEMBERS, captureOrder } from './webhooks-test-kit.js';
import { envelopeText, eventLinks, storedEnvelopeText } from './stored-envelope.js';

describe('events stored without their head and links', () => {
  let h: ApiHarness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => h.close());

  it('keeps only what the row does not say, and reads back the envelope as it was made', async () => {
    await captureOrder(h, '30.00');
    const db = h.host.deps.store.db.db;
    const row = db
      .prepare("SELECT * FROM webhook_events WHERE event_type = 'PAYMENT.CAPTURE.COMPLETED'")
      .get() as { id: string; body: string; links_base: string | null; create_ms: number };
    expect(row.links_base).toBe('http://127.0.0.1');
    const stored = JSON.parse(row.body) as Record<string, unknown>;
    expect(Object.keys(stored)).toEqual(['resource_version', 'event_type', 'summary', 'resource']);

    const event = h.host.services.webhooks.events.get(row.id);
    const whole = JSON.parse(event?.body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(whole)).toEqual(ENVELOPE_MEMBERS);
    expect(whole).toMatchObject({
      id: row.id,
      event_version: '1.0',
      create_time: new Date(row.create_ms).toISOString(),
      resource_type: 'capture',
      ...stored,
      links: eventLinks('http://127.0.0.1', row.id),
    });
    // The exact bytes JSON.stringify makes of the whole envelope: what was signed and delivered.
    expect(event?.body).toBe(JSON.stringify(whole));
  });

  it('reads an envelope stored whole (before the head and links were left out) unchanged', () => {
    const whole = JSON.stringify({ id: 'WH-1', event_version: '1.0', resource: {}, links: [] });
    const row = { id: 'WH-1', resource_type: 'capture', create_ms: 0, body: whole, links_base: null };
    expect(envelopeText(row)).toBe(whole);
  });

  it('puts back the links on the base URL the event was made on, not the current one', () => {
    const body = storedEnvelopeText({
      resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: 's',
      resource: { id: 'C1' },
    });
    const text = envelopeText({
      id: 'WH-2',
      resource_type: 'capture',
      create_ms: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
      body,
      links_base: 'http://127.0.0.1:4100',
    });
    expect(text).toBe(
      JSON.stringify({
        id: 'WH-2',
        event_version: '1.0',
        create_time: '2026-01-02T03:04:05.006Z',
        resource_type: 'capture',
        resource_version: '2.0',
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        summary: 's',
        resource: { id: 'C1' },
        links: eventLinks('http://127.0.0.1:4100', 'WH-2'),
      }),
    );
  });
});
