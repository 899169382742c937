import type { FastifyInstance } from 'fastify';
import type { AnySharedGroup } from '../../shared/api/shared-group.js';
import type { Machine } from '../../shared/machines/machine.js';
import type { LedgerPostings } from '../ledger/ledger-posting.js';
import type { JobHandler } from '../scheduler.js';
import type { StoredForm, StoredResource } from '../store/repositories/resources-repo.js';
import type { EventTypeDefinition, SnapshotView, TransitionMapper } from '../webhooks/catalog.js';
import type { Link } from './pipeline/links.js';
import type { RouteTable } from './pipeline/route-not-found.js';
import type { AnyRoute } from './route.js';

/** Extra, non-JSON routes a group serves itself (the buyer page, documents). */
export type RegisterPages = (app: FastifyInstance, table: RouteTable) => void;

// Stored resources of every kind pass through one registry; each kind's definition narrows them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyStored = StoredResource<any, any>;

/** What lists, the related-resources panel and the support timeline show of a resource. */
export interface ResourceSummaryFields {
  amount?: { currency_code: string; value: string };
  intent?: string;
}

/** One kind of resource a group owns: how it moves, how the API shows it, where its lineage starts. */
export interface ResourceKindDefinition<R extends AnyStored = AnyStored> {
  kind: string;
  machine: Machine<string, string>;
  /** The whole resource as the API shows it, without links. */
  view(resource: R, baseUrl: string): Record<string, unknown>;
  /** The links of its current state, built from the request's base URL. */
  links(resource: R, baseUrl: string): Link[];
  summary(resource: R): ResourceSummaryFields;
  /**
   * The kind at the root of its lineage (`root_id` names one of them): `order` for an order's payments,
   * later a payout batch for its items or a subscription for its cycles. A root names itself. A kind
   * that joins the lineage of whatever it is about lists every kind its root may be (a dispute of a v2
   * capture is rooted at the order, of a v1 sale at the v1 payment): the one holding `root_id` is it.
   */
  rootKind: string | readonly string[];
  /** How its rows keep it, when not as plain JSON (see `StoredForm`): for kinds stored by the thousand. */
  storedForm?: StoredForm;
}

export const defineResourceKind = <R extends AnyStored>(
  kind: ResourceKindDefinition<R>,
): ResourceKindDefinition => kind as unknown as ResourceKindDefinition;

/** The event types a group emits and how its transitions become events. */
export interface EventContribution {
  types: readonly EventTypeDefinition[];
  map: TransitionMapper;
  /** How the group's events that are snapshots of its resources show them, by kind (`EventDraft.snapshotOf`). */
  snapshots?: Readonly<Record<string, SnapshotView>>;
}

/**
 * Everything the rest of the program needs from one API group (docs/architecture.md, "A group is a module"). A group's
 * `index.ts` builds it; `electron/api/registry.ts` lists every group once; the host, the ledger,
 * the webhooks, the scheduler, the docs and the workbench read the registry and never name a group.
 */
export interface GroupModule {
  name: string;
  /** The shared half: issues, machines and endpoint descriptions (`shared/api/<group>/index.ts`). */
  shared: AnySharedGroup;
  /** API operations and `/v1/test-helpers/...` operations. */
  routes: readonly AnyRoute[];
  /** Buyer-facing pages and other non-JSON routes. */
  pages?: RegisterPages;
  /** `/openapi.json` path items of those pages that are part of the API (routes document themselves). */
  pageDocs?: Readonly<Record<string, Record<string, unknown>>>;
  resourceKinds?: readonly ResourceKindDefinition[];
  events?: EventContribution;
  /** Transition -> ledger postings, for groups where money moves. */
  ledger?: LedgerPostings;
  /** Scheduled work by job kind (expiries, cycles, returns). */
  jobs?: Readonly<Record<string, JobHandler>>;
  /**
   * The sandbox reset: drop what the group keeps outside the resources table. Runs inside the reset's
   * one transaction; in-memory state must change only after it commits (`db.afterCommit`).
   */
  reset?(): void;
  /** Runs when the host closes. */
  close?(): Promise<void> | void;
}
