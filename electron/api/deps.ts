import type { Clock } from '../clock.js';
import type { HostEvents } from '../events.js';
import type { Logger, Scheduler } from '../scheduler.js';
import type { Store } from '../store/store.js';
import type { TransitionBus } from './transition-bus.js';

/** Tunables of the embedded API; the CLI flags set them. */
export interface ApiConfig {
  /** Requests per minute for one access token. */
  tokenRateLimitPerMinute: number;
  /** Requests per minute for one application across its tokens. */
  appRateLimitPerMinute: number;
  /** Largest accepted request body. */
  bodyLimitBytes: number;
  /** Lifetime of an access token in seconds: of real time, or of simulated time when the next is set. */
  tokenLifetimeSeconds: number;
  /**
   * Access tokens expire on the simulated clock (moving it past their lifetime expires them), for those
   * who test their refresh logic; by default they expire on real elapsed time, so a clock move never
   * turns an SDK's cached token into a 401.
   */
  tokenExpiryFollowsClock: boolean;
  /** Deadline for a request's line and headers to arrive, from its first byte (408 past it). */
  headersTimeoutMs: number;
  /** Deadline for a whole request, headers and body, to arrive (408 past it); at least headersTimeoutMs. */
  requestTimeoutMs: number;
  /**
   * Open connections the server holds at most; at the cap the connection idle the longest is closed for
   * a newcomer, and when none is idle the newcomer is answered 503 and closed.
   */
  maxConnections: number;
  /** How long an answer may wait with the client reading none of it before the client is dropped. */
  unreadAnswerTimeoutMs: number;
}

export const DEFAULT_API_CONFIG: ApiConfig = {
  // Generous: a load test on one token (50 connections, ~10k requests/s) stays under it.
  tokenRateLimitPerMinute: 1_200_000,
  appRateLimitPerMinute: 2_400_000,
  bodyLimitBytes: 1024 * 1024,
  tokenLifetimeSeconds: 32_400,
  tokenExpiryFollowsClock: false,
  // A local client sends a 1 MiB body in milliseconds; these only cut off the ones that trickle.
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Far below the usual 4,096 file handles, far above a load test (50) plus 1,000 event streams.
  maxConnections: 2_000,
  // A client on this machine reads a megabyte in milliseconds; one that takes nothing for this long is gone.
  unreadAnswerTimeoutMs: 10_000,
};

/** What every API group's service is built from. */
export interface ApiDeps {
  store: Store;
  clock: Clock;
  scheduler: Scheduler;
  events: HostEvents;
  logger: Logger;
  config: ApiConfig;
  /** Every resource transition, published inside its transaction (ledger, webhooks subscribe). */
  transitions: TransitionBus;
}
