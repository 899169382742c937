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
 * services never know who listens, so groups and infrastructure plug in without touching them.
 *
 * Two kinds of subscriber: observers (the ledger, the webhooks, job scheduling) record what happened;
 * reactions move other resources in turn (an order voided once its last authorization is voided).
 * Every observer sees a transition before any reaction runs, so the record keeps cause before effect.
 */
export class TransitionBus {
  private readonly observers: TransitionSubscriber[] = [];
  private readonly reactions: TransitionSubscriber[] = [];

  subscribe(observer: TransitionSubscriber): () => void {
    return add(this.observers, observer);
  }

  /** A subscriber that may itself move resources (its transitions are published in turn). */
  react(reaction: TransitionSubscriber): () => void {
    return add(this.reactions, reaction);
  }

  publish(transition: ResourceTransition): void {
    for (const observer of this.observers) observer(transition);
    for (const reaction of this.reactions) reaction(transition);
  }
}

function add(list: TransitionSubscriber[], subscriber: TransitionSubscriber): () => void {
  list.push(subscriber);
  return () => {
    const index = list.indexOf(subscriber);
    if (index >= 0) list.splice(index, 1);
  };
}
