import type { Store } from '../../../store/store.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';
import { notFound } from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';

/**
 * One v1 resource of the calling application: another application's resource, like an unknown id, is
 * a 404 (its existence is not disclosed).
 */
export function ownResource<R extends StoredResource<unknown, unknown>>(
  store: Store,
  kind: string,
  what: string,
  id: string,
  ctx: RequestContext,
): R {
  const found = store.resources.owned<R>(kind, id, ctx.app.id);
  if (!found) throw notFound(what, id);
  return found as R;
}
