import { Worker } from 'node:worker_threads';
import type { KeyObject } from 'node:crypto';
import { signTransmission } from './signing.js';

/**
 * The signing thread's code. Plain JavaScript evaluated as the worker's source, so it runs the same
 * under tsx, in the bundled Electron main process and in tests, with no file to locate.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createPrivateKey, sign } = require('node:crypto');
const key = createPrivateKey(workerData.keyPem);
parentPort.on('message', (batch) => {
  parentPort.postMessage(batch.map(([id, message]) => [id, sign('sha256', Buffer.from(message, 'utf8'), key).toString('base64')]));
});
`;

/**
 * RSA signing off the event loop: a 2048-bit signature costs ~0.7 ms of CPU, more than the rest of a
 * delivery, so a worker thread makes them (batched per event-loop turn) while the API keeps the main
 * thread. Falls back to signing inline when a thread cannot be started.
 */
export class Signer {
  private worker: Worker | undefined;
  private failed = false;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (signature: string) => void; reject: (error: Error) => void }
  >();
  private batch: [number, string][] = [];
  private flushQueued = false;

  constructor(private readonly key: () => { privateKey: KeyObject; keyPem: string }) {}

  sign(message: string): Promise<string> {
    const worker = this.ensureWorker();
    if (!worker) return Promise.resolve(signTransmission(this.key().privateKey, message));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.batch.push([id, message]);
      if (!this.flushQueued) {
        this.flushQueued = true;
        setImmediate(() => this.flush());
      }
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.rejectAll(new Error('signer closed'));
    if (worker) await worker.terminate();
  }

  private flush(): void {
    this.flushQueued = false;
    const batch = this.batch;
    this.batch = [];
    if (batch.length > 0) this.worker?.postMessage(batch);
  }

  private ensureWorker(): Worker | undefined {
    if (this.worker || this.failed) return this.worker;
    try {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { keyPem: this.key().keyPem } });
      worker.unref();
      worker.on('message', (results: [number, string][]) => {
        for (const [id, signature] of results) {
          this.pending.get(id)?.resolve(signature);
          this.pending.delete(id);
        }
      });
      worker.on('error', (error) => {
        this.failed = true;
        this.worker = undefined;
        this.rejectAll(error);
      });
      this.worker = worker;
    } catch {
      this.failed = true;
    }
    return this.worker;
  }

  private rejectAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    this.batch = [];
  }
}
