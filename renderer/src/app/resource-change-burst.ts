import type { BridgeEvents } from '../../../shared/bridge';

export type ResourceChange = BridgeEvents['resource-changed'];

/**
 * The resource changes of one burst, summed up: a load test or an SDK script creating 2,000 orders sends
 * 2,000 changes, and the UI answers them with one refresh and one notification, not 2,000 of each (which
 * froze the Orders page for ten seconds).
 */
export class ResourceChangeBurst {
  private count = 0;
  private readonly perKind = new Map<string, number>();
  private last: ResourceChange | undefined;

  add(change: ResourceChange): void {
    this.count += 1;
    this.perKind.set(change.kind, (this.perKind.get(change.kind) ?? 0) + 1);
    this.last = change;
  }

  /**
   * Changes of the burst the page was not sent, per resource kind: the browser's event stream keeps a
   * bounded number per flush and says how many it left out. They count; the latest stays the last one sent.
   */
  addLeftOut(perKind: Readonly<Record<string, number>>): void {
    for (const [kind, n] of Object.entries(perKind)) {
      if (!Number.isInteger(n) || n <= 0) continue;
      this.count += n;
      this.perKind.set(kind, (this.perKind.get(kind) ?? 0) + n);
    }
  }

  get size(): number {
    return this.count;
  }

  /** The notification of the burst: the change itself when alone, else counts per kind and the latest. */
  message(): string | undefined {
    const last = this.last;
    if (!last) return undefined;
    const describe = (change: ResourceChange) =>
      `${change.kind} ${change.id} is ${change.status} (${change.trigger})`;
    if (this.count === 1) return describe(last);
    const kinds = [...this.perKind]
      .sort(([, a], [, b]) => b - a)
      .map(([kind, n]) => `${n.toLocaleString('en-US')} ${kind}`)
      .join(', ');
    return `${this.count.toLocaleString('en-US')} changes (${kinds}); latest: ${describe(last)}`;
  }

  clear(): void {
    this.count = 0;
    this.perKind.clear();
    this.last = undefined;
  }
}
