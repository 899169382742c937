import { findTransition, initialState, refusalOf, type Machine } from '../../shared/machines/machine.js';
import type { ApiDeps } from './deps.js';
import { ApiError, detail } from './pipeline/api-error.js';
import type { Issue } from '../../shared/api/registry.js';
import type { StoredResource } from '../store/repositories/resources-repo.js';

type Movable = StoredResource<unknown, unknown> & { body: unknown };

/** Keeps the body's own `status` and `update_time` (when it shows them) in step with the row. */
function stamp(resource: Movable, status: string, at: string): void {
  resource.status = status;
  resource.update_time = at;
  const body = resource.body as Record<string, unknown>;
  if (body && typeof body === 'object') {
    if ('status' in body) body.status = status;
    if ('update_time' in body) body.update_time = at;
  }
}

/**
 * Writes a new resource in the state its machine's create `trigger` leads to (the first entry of its
 * history), and announces it on the transition bus inside the transaction and to the host once the
 * transaction commits.
 */
export function createResource<S extends string, T extends string>(
  deps: ApiDeps,
  machine: Machine<S, T>,
  resource: Movable,
  trigger: T,
): void {
  const status = initialState(machine, trigger);
  stamp(resource, status, resource.create_time);
  deps.store.resources.insert(resource, trigger);
  announce(deps, resource, trigger, null, resource.create_time);
}

export interface MoveOptions {
  note?: string | null;
  /** When the move happened (a scheduled job's due time); default now. */
  at?: string;
}

/**
 * Moves a resource through its machine: the one way any resource changes state. An illegal move is
 * answered 422 with the issue the machine names for that trigger and state.
 */
export function transition<S extends string, T extends string>(
  deps: ApiDeps,
  machine: Machine<S, T>,
  resource: Movable,
  trigger: T,
  options: MoveOptions = {},
): void {
  const from = resource.status as S;
  refuseUnless(machine, resource, trigger);
  const move = findTransition(machine, from, trigger);
  if (!move) throw new ApiError('INTERNAL_SERVER_ERROR');
  const at = options.at ?? deps.clock.nowIso();
  stamp(resource, move.to, at);
  deps.store.resources.update(resource, {
    trigger,
    from_status: from,
    to_status: move.to,
    at,
    note: options.note ?? null,
  });
  announce(deps, resource, trigger, from, at);
}

/**
 * Answers 422 with the issue the machine refuses `trigger` with in the resource's state, before an
 * operation checks amounts or writes anything: the issue's standard description unless the operation
 * says more.
 */
export function refuseUnless<S extends string, T extends string>(
  machine: Machine<S, T>,
  resource: StoredResource<unknown, unknown>,
  trigger: T,
  description?: string,
): void {
  const issue = refusalOf(machine, resource.status as S, trigger);
  if (!issue) return;
  throw new ApiError('UNPROCESSABLE_ENTITY', [
    detail(issue as Issue, {
      field: 'id',
      value: resource.id,
      location: 'path',
      ...(description !== undefined ? { description } : {}),
    }),
  ]);
}

/**
 * A move the system makes on its own (a job, a reaction to another resource): skipped when the
 * resource has moved on. Returns whether it moved.
 */
export function transitionIfLegal<S extends string, T extends string>(
  deps: ApiDeps,
  machine: Machine<S, T>,
  resource: Movable | undefined,
  trigger: T,
  options: MoveOptions = {},
): boolean {
  if (!resource || !findTransition(machine, resource.status as S, trigger)) return false;
  transition(deps, machine, resource, trigger, options);
  return true;
}

function announce(deps: ApiDeps, resource: Movable, trigger: string, from: string | null, at: string): void {
  deps.transitions.publish({ resource, trigger, from, at });
  const change = { kind: resource.kind, id: resource.id, status: resource.status, trigger };
  deps.store.db.afterCommit(() => deps.events.emit('resource-changed', change));
}
