import type { ApiDeps } from './deps.js';
import type { StoredResource } from '../store/repositories/resources-repo.js';

/**
 * Writes a resource's new state together with its history entry, and announces the change once the
 * transaction commits. Every state change of every resource goes through here, so the history the
 * workbench draws is complete.
 */
export function saveTransition(
  deps: ApiDeps,
  resource: StoredResource<unknown, unknown>,
  trigger: string,
  from: string | null,
  at: string,
  note: string | null = null,
): void {
  const entry = { trigger, from_status: from, to_status: resource.status, at, note };
  if (from === null) deps.store.resources.insert(resource, entry);
  else deps.store.resources.update(resource, entry);
  deps.transitions.publish({ resource, trigger, from, at });
  const change = { kind: resource.kind, id: resource.id, status: resource.status, trigger };
  deps.store.db.afterCommit(() => deps.events.emit('resource-changed', change));
}
