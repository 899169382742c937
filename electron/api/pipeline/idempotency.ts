import type { Store } from '../../store/store.js';
import type { OperationResult, RequestContext, ResourceRef } from '../route.js';
import { ApiError, detail } from './api-error.js';

/**
 * Step 6 of the pipeline: `Svc-Request-Id` (spec 4.1). A key is scoped to the app and to the operation the
 * router matched: the method, the route's path pattern and its canonical (decoded) parameters, never the
 * raw URL text, so `/v2/checkout/%6Frders` is the same call as `/v2/checkout/orders`, and "capture
 * authorization A" and "capture authorization B" never share a key.
 *
 * A repeat after the first request finished answers the stored result (200, the latest state of what it
 * answered with), however many repeats arrive at once; only a repeat that arrives while the first is
 * still running gets 409 `RESOURCE_CONFLICT`.
 */
export class IdempotencyGate {
  private readonly inFlight = new Set<string>();

  constructor(private readonly store: Store) {}

  /**
   * The operation a key is scoped to: `POST /v2/payments/authorizations/:authorization_id/capture
   * {"authorization_id":"0VF52814937998046"}` (parameters decoded, in name order); without parameters,
   * `POST /v2/checkout/orders`.
   */
  static operation(method: string, routePath: string, params?: unknown): string {
    const pattern = routePath.split('?')[0] ?? routePath;
    const entries =
      params && typeof params === 'object'
        ? Object.entries(params as Record<string, unknown>)
            .filter(([, value]) => value !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([name, value]) => [name, String(value)])
        : [];
    return entries.length === 0
      ? `${method} ${pattern}`
      : `${method} ${pattern} ${JSON.stringify(Object.fromEntries(entries))}`;
  }

  /**
   * Reserves a key while its request runs; 409 when a request with it is already running. With `now`,
   * a key whose request already finished (its record is retained) is not reserved at all: the repeat
   * answers the stored result, and any number of such repeats may run at once. Returns the slot to
   * release, or undefined when nothing was reserved.
   */
  reserve(ctx: RequestContext, operation: string, key: string): string;
  reserve(ctx: RequestContext, operation: string, key: string, now: number): string | undefined;
  reserve(ctx: RequestContext, operation: string, key: string, now?: number): string | undefined {
    const slot = `${ctx.app.id}\u0000${operation}\u0000${key}`;
    if (this.inFlight.has(slot)) {
      throw new ApiError('RESOURCE_CONFLICT', [
        detail('REQUEST_IN_PROGRESS', { field: 'Svc-Request-Id', value: key, location: 'header' }),
      ]);
    }
    if (now !== undefined && this.store.idempotency.find(ctx.app.id, operation, key, now)) return undefined;
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
