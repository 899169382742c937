import type { StoredResource } from '../store/repositories/resources-repo.js';

/** One state change of one resource, as every subscriber sees it. */
export interface ResourceTransition {
  resource: StoredResource<unknown, unknown>;
  trigger: string;
  /** `null` when the resource was just created. */
  from: string | null;
  at: string;
}

export type TransitionSubscriber = (transition: ResourceTransition) => void;

/**
 * Synchronous fan-out of resource transitions INSIDE the transaction that made them: what subscribers
 * write (ledger lines, webhook outbox rows) commits or rolls back together with the operation. The
 * services never know who listens, so new API groups (ledger, webhooks) plug in without touching them.
 */
export class TransitionBus {
  private readonly subscribers: TransitionSubscriber[] = [];

  subscribe(subscriber: TransitionSubscriber): () => void {
    this.subscribers.push(subscriber);
    return () => {
      const index = this.subscribers.indexOf(subscriber);
      if (index >= 0) this.subscribers.splice(index, 1);
    };
  }

  publish(transition: ResourceTransition): void {
    for (const subscriber of this.subscribers) subscriber(transition);
  }
}
