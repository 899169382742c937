import {
  WebProfileSchema,
  webProfileMachine,
  type WebProfile,
  type WebProfileInput,
} from '../../../../shared/api/web-profiles/index.js';
import type { PatchOperation } from '../../../../shared/json-patch.js';
import { isoSeconds } from '../../../clock.js';
import type { ResourceQuery } from '../../../store/repositories/resource-query.js';
import type { ApiDeps } from '../../deps.js';
import { detail, invalidRequest, notFound, unprocessable } from '../../pipeline/api-error.js';
import { zodDetails } from '../../pipeline/validate.js';
import type { RequestContext } from '../../route.js';
import { createResource, transition, transitionIfLegal } from '../../transition.js';
import { EXPIRE_PROFILE_JOB, TEMPORARY_PROFILE_MS, expiryKey } from './jobs.js';
import { findWebProfile } from './lookup.js';
import { applyProfilePatch } from './profile-patch.js';
import {
  WEB_PROFILE_KIND,
  newWebProfileId,
  type StoredWebProfile,
  type WebProfileInternal,
} from './types.js';
import { webProfileView } from './views.js';
import { resourceEnvelope } from '../../../store/stored-resource.js';

/** Spec 4.12 and part 8: the list shows the latest 20 profiles. */
export const WEB_PROFILE_LIST_MAX = 20;

// A merchant's usable profiles, newest first; expired temporary ones whose job has not run yet are left out.

/** The stored body: the request's parameters, nothing it left out (a PUT forgets what it omits). */
function bodyOf(id: string, input: WebProfileInput): WebProfile {
  return {
    id,
    name: input.name,
    temporary: input.temporary ?? false,
    ...(input.flow_config ? { flow_config: input.flow_config } : {}),
    ...(input.input_fields ? { input_fields: input.input_fields } : {}),
    ...(input.presentation ? { presentation: input.presentation } : {}),
  };
}

/**
 * Web experience profiles (spec 2.17, 4.12): create, list, show, replace, patch, delete, and the
 * expiry of temporary profiles after three hours of simulated time. A profile belongs to the merchant
 * the call acts for; another merchant's profile answers 404.
 */
export class WebProfilesService {
  constructor(private readonly deps: ApiDeps) {}

  create(input: WebProfileInput, ctx: RequestContext): StoredWebProfile {
    this.checkNameFree(ctx.merchant.id, input.name, undefined, '/name');
    const now = this.deps.clock.now();
    const at = isoSeconds(now);
    const id = newWebProfileId();
    const profile: StoredWebProfile = {
      ...resourceEnvelope({ kind: WEB_PROFILE_KIND, id, app: ctx.app.id, status: 'ACTIVE', at }),
      body: bodyOf(id, input),
      internal: { merchant_id: ctx.merchant.id },
    };
    this.scheduleExpiry(profile, false);
    createResource(this.deps, webProfileMachine, profile, 'create');
    return profile;
  }

  /** The latest 20 usable profiles of the merchant, newest first. */
  list(ctx: RequestContext): StoredWebProfile[] {
    return this.deps.store.resources.find<StoredWebProfile>(
      this.usable(ctx.merchant.id),
      WEB_PROFILE_LIST_MAX,
    );
  }

  get(id: string, ctx: RequestContext): StoredWebProfile {
    const profile = findWebProfile(this.deps, ctx.merchant.id, id);
    if (!profile) throw notFound('web experience profile', id);
    return profile;
  }

  /** PUT: the body replaces the profile; parameters it omits lose their earlier values. */
  replace(id: string, input: WebProfileInput, ctx: RequestContext): StoredWebProfile {
    const profile = this.get(id, ctx);
    this.checkNameFree(ctx.merchant.id, input.name, id, '/name');
    return this.rewrite(profile, input, 'replace', 'replaced');
  }

  /** PATCH: the operations apply atomically to the profile, and the result must be a valid profile. */
  patch(id: string, operations: readonly PatchOperation[], ctx: RequestContext): StoredWebProfile {
    const profile = this.get(id, ctx);
    const patched = applyProfilePatch(webProfileView(profile), operations);
    const withoutId =
      patched && typeof patched === 'object' ? { ...(patched as Record<string, unknown>) } : patched;
    if (withoutId && typeof withoutId === 'object') delete (withoutId as Record<string, unknown>).id;
    const parsed = WebProfileSchema.strict().safeParse(withoutId, { reportInput: true });
    if (!parsed.success) {
      throw unprocessable(
        ...zodDetails(parsed.error.issues, 'body').map((d) => ({
          ...d,
          issue: 'INVALID_WEB_PROFILE_PATCH_RESULT',
          description: `${d.field}: ${d.description ?? ''}`,
        })),
      );
    }
    this.checkNameFree(ctx.merchant.id, parsed.data.name, id, '/name');
    return this.rewrite(
      profile,
      parsed.data,
      'patch',
      operations.map((op) => `${op.op} ${op.path}`).join(', '),
    );
  }

  delete(id: string, ctx: RequestContext): void {
    const profile = this.get(id, ctx);
    if (profile.internal.expires_at !== undefined) this.deps.scheduler.cancel(expiryKey(id));
    transition(this.deps, webProfileMachine, profile, 'delete');
  }

  /** The expiry job: a temporary profile three hours on (skipped when it was deleted or made permanent). */
  expire(id: string, at: string): void {
    const profile = this.deps.store.resources.get<WebProfile, WebProfileInternal>(WEB_PROFILE_KIND, id);
    if (!profile || profile.internal.expires_at === undefined) return;
    transitionIfLegal(this.deps, webProfileMachine, profile, 'expire', {
      note: 'temporary profile, three hours after it was made temporary',
      at,
    });
  }

  private rewrite(
    profile: StoredWebProfile,
    input: WebProfileInput,
    trigger: 'replace' | 'patch',
    note: string,
  ): StoredWebProfile {
    const wasTemporary = profile.body.temporary === true;
    profile.body = bodyOf(profile.id, input);
    this.scheduleExpiry(profile, wasTemporary);
    transition(this.deps, webProfileMachine, profile, trigger, { note });
    return profile;
  }

  /**
   * A temporary profile vanishes three hours after it became temporary (at creation, or when a PUT or
   * PATCH made a permanent one temporary); one made permanent stays. Sets `expires_at` and the job.
   */
  private scheduleExpiry(profile: StoredWebProfile, wasTemporary: boolean): void {
    const temporary = profile.body.temporary === true;
    if (temporary && !wasTemporary) {
      const dueAt = this.deps.clock.now() + TEMPORARY_PROFILE_MS;
      profile.internal.expires_at = dueAt;
      this.deps.scheduler.schedule(EXPIRE_PROFILE_JOB, dueAt, { id: profile.id }, expiryKey(profile.id));
    } else if (!temporary && wasTemporary) {
      delete profile.internal.expires_at;
      this.deps.scheduler.cancel(expiryKey(profile.id));
    }
  }

  /** The merchant's usable profiles: ACTIVE and, if temporary, before their three hours are up. */
  private usable(merchantId: string): ResourceQuery {
    return {
      kind: WEB_PROFILE_KIND,
      merchant: merchantId,
      status: 'ACTIVE',
      unexpired: { member: 'internal.expires_at', now: this.deps.clock.now() },
    };
  }

  /** Names are unique among the merchant's usable profiles (spec 2.17). */
  private checkNameFree(merchantId: string, name: string, except: string | undefined, field: string): void {
    const sameName = this.deps.store.resources.find({
      ...this.usable(merchantId),
      members: { 'body.name': name },
    });
    if (sameName.some((profile) => profile.id !== except)) {
      throw invalidRequest(
        detail('WEB_PROFILE_NAME_TAKEN', {
          field,
          value: name,
          location: 'body',
          description: `The merchant already has a web experience profile named ${JSON.stringify(name)}.`,
        }),
      );
    }
  }
}
