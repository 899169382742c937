import { describe, expect, it } from 'vitest';
import { WebhookReceivedBurst, type WebhookReceived } from './webhook-received-burst';

const delivery = (id: string, answered_status = 200, mock = false): WebhookReceived => ({
  id,
  event_type: 'PAYMENT.CAPTURE.COMPLETED',
  received_at: '2026-01-01T00:00:00Z',
  answered_status,
  mock,
});

describe('WebhookReceivedBurst', () => {
  it('has nothing to say before a delivery', () => {
    expect(new WebhookReceivedBurst().message()).toBeUndefined();
  });

  it('names a lone delivery and what the listener answered', () => {
    const burst = new WebhookReceivedBurst();
    burst.add(delivery('M-1', 200, true));
    expect(burst.message()).toEqual({
      text: 'Webhook mock event PAYMENT.CAPTURE.COMPLETED received; the listener answered 200',
      severity: 'success',
    });
  });

  it('counts the deliveries the event stream left out, with the last one sent as the latest', () => {
    const burst = new WebhookReceivedBurst();
    for (let i = 0; i < 50; i += 1) burst.add(delivery(`M-${i}`, i === 49 ? 500 : 200));
    burst.addLeftOut(14_950);
    burst.addLeftOut(0);
    expect(burst.size).toBe(15_000);
    expect(burst.message()).toEqual({
      text: '15,000 webhooks received; latest PAYMENT.CAPTURE.COMPLETED, the listener answered 500',
      severity: 'warning',
    });
  });

  it('starts afresh after clear', () => {
    const burst = new WebhookReceivedBurst();
    burst.add(delivery('M-1'));
    burst.addLeftOut(9);
    burst.clear();
    expect(burst.size).toBe(0);
    expect(burst.message()).toBeUndefined();
  });
});
