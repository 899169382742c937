import type { FastifyRequest } from 'fastify';
import type { ApiConfig } from '../deps.js';
import { ApiError, detail } from './api-error.js';

const WINDOW_MS = 60_000;

interface Window {
  start: number;
  count: number;
}

/**
 * Fixed one-minute windows per token and per app, in real time (rate limits protect the process, not
 * the simulated world, so they ignore the simulated clock).
 */
export class RateLimiter {
  // One map per kind of key, keyed by the token or app id itself: no key string to build per request.
  private readonly byToken = new Map<string, Window>();
  private readonly byApp = new Map<string, Window>();

  constructor(
    private readonly config: ApiConfig,
    private readonly realNow: () => number = Date.now,
  ) {}

  /** Step 3 of the pipeline: 429 with `Retry-After` once a token or its app used up its window. */
  check(request: FastifyRequest): void {
    const ctx = request.ctx;
    if (!ctx) return;
    const now = this.realNow();
    this.hit(this.byToken, ctx.token, this.config.tokenRateLimitPerMinute, now);
    this.hit(this.byApp, ctx.app.id, this.config.appRateLimitPerMinute, now);
  }

  private hit(windows: Map<string, Window>, key: string, limit: number, now: number): void {
    let window = windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      if (windows.size > 50_000) windows.clear();
      window = { start: now, count: 0 };
      windows.set(key, window);
    }
    window.count++;
    if (window.count > limit) {
      const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
      throw new ApiError(
        'RATE_LIMIT_REACHED',
        [detail('RATE_LIMIT_REACHED', { location: 'header', field: 'Authorization' })],
        undefined,
        {
          'retry-after': String(retryAfter),
        },
      );
    }
  }
}
