import type { Issue } from '../../../../shared/api/registry.js';
import { refusalOf, type Machine } from '../../../../shared/machines/machine.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';
import { detail, unprocessable } from '../../pipeline/api-error.js';

/**
 * Answers 422 with the issue the machine refuses `trigger` with in the resource's state (and that
 * issue's standard description), before the operation checks amounts or writes anything.
 */
export function refuseUnless<S extends string, T extends string>(
  machine: Machine<S, T>,
  resource: StoredResource<unknown, unknown>,
  trigger: T,
): void {
  const issue = refusalOf(machine, resource.status as S, trigger);
  if (!issue) return;
  throw unprocessable(detail(issue as Issue, { field: 'id', value: resource.id, location: 'path' }));
}
