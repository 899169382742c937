import type { Store } from '../../store/store.js';
import type { OperationResult, RequestContext, ResourceRef } from '../route.js';
import { ApiError, detail } from './api-error.js';

/**
 * Step 6 of the pipeline: `Svc-Request-Id` (spec 4.1). A key is scoped to the app and to the call (method
 * and path, so "capture authorization A" and "capture authorization B" never share a key). While the
 * first request with a key is in flight, a second gets 409; once it committed, a repeat gets the latest
 * state of what it created, with 200, until the key's retention ends.
 */
export class IdempotencyGate {
  private readonly inFlight = new Set<string>();

  constructor(private readonly store: Store) {}

  static operation(method: string, url: string): string {
    return `${method} ${url.split('?')[0] ?? url}`;
  }

  /** Reserves a key for the duration of the request; 409 when it is already reserved. */
  reserve(ctx: RequestContext, operation: string, key: string): string {
    const slot = `${ctx.app.id}\u0000${operation}\u0000${key}`;
    if (this.inFlight.has(slot)) {
      throw new ApiError('RESOURCE_CONFLICT', [
        detail('REQUEST_IN_PROGRESS', { field: 'Svc-Request-Id', value: key, location: 'header' }),
      ]);
    }
    this.inFlight.add(slot);
    return slot;
  }

  release(slot: string): void {
    this.inFlight.delete(slot);
  }

  /**
   * Runs the operation once per key (call inside the request's transaction): a repeat within the
   * retention answers `replay` of the resource the first call answered with, and does not run again.
   * Failed calls are not remembered (their transaction rolls back), so a retry after a 4xx runs again.
   */
  once(
    ctx: RequestContext,
    operation: string,
    key: string,
    policy: { now: number; retentionMs: number },
    execute: () => OperationResult,
    replay: (earlier: ResourceRef) => OperationResult,
  ): OperationResult {
    const record = this.store.idempotency.find(ctx.app.id, operation, key, policy.now);
    if (record) return replay({ kind: record.resource_kind, id: record.resource_id });
    const result = execute();
    if (result.resource) {
      this.store.idempotency.save({
        app_id: ctx.app.id,
        operation,
        key,
        status_code: result.status,
        resource_kind: result.resource.kind,
        resource_id: result.resource.id,
        created_at: policy.now,
        expires_at: policy.now + policy.retentionMs,
      });
    }
    return result;
  }
}
