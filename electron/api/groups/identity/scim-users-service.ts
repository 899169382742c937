import { scimUserMachine, type ScimUserTrigger } from '../../../../shared/api/identity/machines.js';
import {
  ScimUserSchema,
  type ScimPatchOp,
  type ScimUserInput,
} from '../../../../shared/api/identity/schemas.js';
import { SCIM_LIMITS } from '../../../../shared/api/identity/scim-rules.js';
import { newAccountId } from '../../../../shared/ids.js';
import type { ApiDeps } from '../../deps.js';
import { conflict, detail, invalidRequest, notFound } from '../../pipeline/api-error.js';
import { zodDetails } from '../../pipeline/validate.js';
import { createResource, transition } from '../../transition.js';
import { applyScimPatch } from './scim-patch.js';
import { parseUserNameFilter } from './scim-filter.js';
import { SCIM_USER_KIND, type ScimUserAttributes, type StoredScimUser } from './types.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/** Every user, oldest first, at most this many read for one list (far above any sandbox directory). */
const MAX_SCANNED = 1_000_000;

const attributesOf = (input: ScimUserInput): ScimUserAttributes => {
  const { id: _id, meta: _meta, active: _active, ...attributes } = input;
  return attributes;
};

/**
 * SCIM users (spec 2.18, 4.12): one directory per workspace, userName unique across all of it without
 * regard to case; a deleted user is kept (DELETED, with its history) but answers 404 and frees its name.
 */
export class ScimUsersService {
  constructor(private readonly deps: ApiDeps) {}

  create(input: ScimUserInput, appId: string): StoredScimUser {
    this.assertNameFree(input.userName);
    const now = this.deps.clock.nowIso();
    const user: StoredScimUser = {
      ...resourceEnvelope({
        kind: SCIM_USER_KIND,
        id: newAccountId(),
        app: appId,
        status: 'ACTIVE',
        root: null,
        at: now,
      }),
      body: attributesOf(input),
      internal: { user_name_key: input.userName.toLowerCase() },
    };
    user.root_id = user.id;
    createResource(this.deps, scimUserMachine, user, input.active === false ? 'create-inactive' : 'create');
    return user;
  }

  get(id: string): StoredScimUser {
    const user = this.deps.store.resources.get<ScimUserAttributes, StoredScimUser['internal']>(
      SCIM_USER_KIND,
      id,
    );
    if (!user || user.status === 'DELETED') throw notFound('user', id);
    return user as StoredScimUser;
  }

  /**
   * A page of the users (oldest first, so pages stay put while users are added), or those whose
   * userName matches the filter. `count` past 100 is read as 100 (spec 4.12).
   */
  list(query: { filter?: string | undefined; startIndex?: number | undefined; count?: number | undefined }): {
    page: StoredScimUser[];
    total: number;
    startIndex: number;
  } {
    const startIndex = query.startIndex ?? SCIM_LIMITS.startIndex.min;
    const count = Math.min(query.count ?? SCIM_LIMITS.count.default, SCIM_LIMITS.count.max);
    const wanted = query.filter === undefined ? undefined : parseUserNameFilter(query.filter).toLowerCase();
    const all = this.all().filter((user) => wanted === undefined || user.internal.user_name_key === wanted);
    return { page: all.slice(startIndex - 1, startIndex - 1 + count), total: all.length, startIndex };
  }

  /** Applies SCIM PATCH operations; the result must pass every rule a create does. */
  patch(id: string, operations: readonly ScimPatchOp[]): StoredScimUser {
    const user = this.get(id);
    const current = { ...user.body, active: user.status === 'ACTIVE' };
    const patched = applyScimPatch(current, operations);
    // SCIM clients send `active` as "True"/"False" text as often as a boolean.
    if (typeof patched.active === 'string' && /^(true|false)$/i.test(patched.active))
      patched.active = patched.active.toLowerCase() === 'true';
    const checked = ScimUserSchema.safeParse(patched, { reportInput: true });
    if (!checked.success) throw invalidRequest(...zodDetails(checked.error.issues, 'body'));
    const next = checked.data;
    if (next.userName.toLowerCase() !== user.internal.user_name_key) this.assertNameFree(next.userName);

    user.body = attributesOf(next);
    user.internal = { user_name_key: next.userName.toLowerCase() };
    const changes = operations.map((o) => `${o.op} ${o.path ?? '(attributes)'}`).join(', ');
    transition(this.deps, scimUserMachine, user, 'update', { note: changes });
    const wantActive = next.active ?? user.status === 'ACTIVE';
    const move: ScimUserTrigger | undefined =
      wantActive && user.status === 'INACTIVE'
        ? 'activate'
        : !wantActive && user.status === 'ACTIVE'
          ? 'deactivate'
          : undefined;
    if (move) transition(this.deps, scimUserMachine, user, move);
    return user;
  }

  delete(id: string): void {
    const user = this.get(id);
    transition(this.deps, scimUserMachine, user, 'delete');
  }

  private all(): StoredScimUser[] {
    return this.deps.store.resources
      .list<ScimUserAttributes, StoredScimUser['internal']>(SCIM_USER_KIND, {}, MAX_SCANNED, 0)
      .items.filter((user) => user.status !== 'DELETED')
      .reverse() as StoredScimUser[];
  }

  private assertNameFree(userName: string): void {
    const key = userName.toLowerCase();
    if (this.all().some((user) => user.internal.user_name_key === key)) {
      throw conflict(
        detail('SCIM_USER_NAME_TAKEN', {
          field: '/userName',
          value: userName,
          location: 'body',
          description: `Another user already has the userName ${userName}.`,
        }),
      );
    }
  }
}
