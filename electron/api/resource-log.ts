import type { ApiDeps } from './deps.js';
import type { StoredResource } from '../store/repositories/resources-repo.js';

/**
 * Writes a new resource, created by `trigger` (its history's first entry, from no state to its status),
 * and announces it once the transaction commits.
 */
export function saveCreation(
  deps: ApiDeps,
  resource: StoredResource<unknown, unknown>,
  trigger: string,
): void {
  deps.store.resources.insert(resource, trigger);
  announce(deps, resource, trigger, null, resource.create_time);
}

/**
 * Writes a resource's new state together with its history entry, and announces the change once the
 * transaction commits. Every state change of every resource goes through here or `saveCreation`, so the
 * history the workbench draws is complete.
 */
export function saveTransition(
  deps: ApiDeps,
  resource: StoredResource<unknown, unknown>,
  trigger: string,
  from: string,
  at: string,
  note: string | null = null,
): void {
  deps.store.resources.update(resource, { trigger, from_status: from, to_status: resource.status, at, note });
  announce(deps, resource, trigger, from, at);
}

function announce(
  deps: ApiDeps,
  resource: StoredResource<unknown, unknown>,
  trigger: string,
  from: string | null,
  at: string,
): void {
  deps.transitions.publish({ resource, trigger, from, at });
  const change = { kind: resource.kind, id: resource.id, status: resource.status, trigger };
  deps.store.db.afterCommit(() => deps.events.emit('resource-changed', change));
}
