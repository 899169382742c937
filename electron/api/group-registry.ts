import { SHARED_GROUPS } from '../../shared/api/registry.js';
import type { Ledger } from '../ledger/ledger.js';
import type { Scheduler } from '../scheduler.js';
import type { ResourcesRepository } from '../store/repositories/resources-repo.js';
import type { EventCatalog } from '../webhooks/catalog.js';
import type { GroupModule } from './group-module.js';
import type { ResourceKinds } from './resource-kinds.js';
import type { AnyRoute } from './route.js';

/** Where the registry delivers each group's contributions. */
export interface GroupTargets {
  kinds: ResourceKinds;
  /** Where the kinds' stored forms go. */
  resources: ResourcesRepository;
  scheduler: Scheduler;
  catalog: EventCatalog;
  ledger: Ledger;
}

/**
 * The registered groups and what they contribute. Installing them hands each contribution to the one
 * piece of infrastructure that reads it; nothing else ever names a group.
 */
export class GroupRegistry {
  constructor(readonly modules: readonly GroupModule[]) {
    const names = new Set(modules.map((m) => m.name));
    if (names.size !== modules.length) throw new Error('an API group is registered twice');
    for (const shared of SHARED_GROUPS) {
      if (!modules.some((m) => m.shared === shared))
        throw new Error(`shared group ${shared.name} has no host module in electron/api/registry.ts`);
    }
  }

  install(targets: GroupTargets): void {
    for (const module of this.modules) {
      for (const kind of module.resourceKinds ?? []) {
        targets.kinds.add(kind);
        if (kind.storedForm) targets.resources.useStoredForm(kind.kind, kind.storedForm);
      }
      for (const [job, handler] of Object.entries(module.jobs ?? {}))
        targets.scheduler.register(job, handler);
      if (module.events) {
        for (const type of module.events.types) targets.catalog.register(type);
        targets.catalog.addMapper(module.events.map);
        for (const [kind, view] of Object.entries(module.events.snapshots ?? {}))
          targets.catalog.addSnapshotView(kind, view);
      }
      if (module.ledger) targets.ledger.writer.addPostings(module.ledger);
    }
  }

  /** A group by name (tools and benchmarks that drive a group directly). */
  module(name: string): GroupModule {
    const found = this.modules.find((m) => m.name === name);
    if (!found) throw new Error(`no API group ${name}`);
    return found;
  }

  /** Every operation, test helpers included. */
  routes(): AnyRoute[] {
    return this.modules.flatMap((m) => m.routes);
  }

  /** The OpenAPI path items of every group's documented pages. */
  pageDocs(): Record<string, Record<string, unknown>> {
    return Object.assign({}, ...this.modules.map((m) => m.pageDocs ?? {}));
  }

  /** The sandbox reset of every group (inside the reset's transaction). */
  reset(): void {
    for (const module of this.modules) module.reset?.();
  }

  async close(): Promise<void> {
    for (const module of this.modules) await module.close?.();
  }
}
