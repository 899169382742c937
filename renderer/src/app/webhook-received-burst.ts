import type { BridgeEvents } from '../../../shared/bridge';

export type WebhookReceived = BridgeEvents['webhook-received'];

/**
 * The webhooks the local listener received in one burst, summed up for its one notice: how many, and the
 * latest (a delivery drain of 15,000 payout webhooks keeps no list of them).
 */
export class WebhookReceivedBurst {
  private count = 0;
  private last: WebhookReceived | undefined;

  add(received: WebhookReceived): void {
    this.count += 1;
    this.last = received;
  }

  /**
   * Deliveries of the burst the page was not sent: the browser's event stream keeps a bounded number per
   * flush and says how many it left out. They count; the latest stays the last one sent.
   */
  addLeftOut(n: number): void {
    if (Number.isInteger(n) && n > 0) this.count += n;
  }

  get size(): number {
    return this.count;
  }

  /** The notice: the delivery itself when alone, else the count and the latest; a warning unless 2xx. */
  message(): { text: string; severity: 'success' | 'warning' } | undefined {
    const last = this.last;
    if (!last) return undefined;
    const answered = `the listener answered ${last.answered_status}`;
    const what = `${last.mock ? 'mock event ' : ''}${last.event_type}`;
    return {
      text:
        this.count === 1
          ? `Webhook ${what} received; ${answered}`
          : `${this.count.toLocaleString('en-US')} webhooks received; latest ${what}, ${answered}`,
      severity: last.answered_status >= 200 && last.answered_status < 300 ? 'success' : 'warning',
    };
  }

  clear(): void {
    this.count = 0;
    this.last = undefined;
  }
}
