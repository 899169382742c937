import { setFlagsFromString } from 'node:v8';
import { IdleHeapRelease } from './idle-heap-release.js';

const idleRelease = new IdleHeapRelease();

/**
 * The one V8 setting of a process that serves the API (the headless `serve` and Electron's main process),
 * applied first thing, before the host allocates anything.
 *
 * V8 "pretenures" an allocation site once most objects it made survive a young collection: from then on
 * that site allocates straight into the old generation. A long-lived connection (an open event stream,
 * a client's keep-alive socket) keeps the request and response objects of its one request alive, and 30
 * such connections are enough to mark the sites of Node's HTTP server and Fastify as long-lived. Every
 * later request's objects then start in the old generation, where they keep the young objects they point
 * to alive through every scavenge (7 MB promoted per scavenge instead of 0.3 MB). Measured with
 * `npm run bench -- event-stream`: 1,000 idle event-stream clients took order-create throughput to 0.75
 * of the run without them and grew the host by 300 MB instead of 175 MB. Without pretenuring, short-lived
 * objects stay short-lived whatever connections are open. The host builds no large long-lived object
 * graphs in the JS heap (its data lives in SQLite), so pretenuring buys it nothing.
 *
 * It also starts the idle release (idle-heap-release.ts): the young generation that a busy period grew
 * is given back once the process is idle, or at once when long work drains on a quiet API (the payout
 * queue).
 */
export function tuneHeapForServing(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
  idleRelease.start();
}
