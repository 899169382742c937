import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { StoreLocation } from '../../store/connection.js';
import type { RequestLogEntry } from '../../store/repositories/request-log-repo.js';
import type { AppendResult, LogSearch } from './request-log-keeper.js';
import type { RecordedExchange } from './request-log-rows.js';

/** Names a built worker script to run instead of the one beside this code (the tests' bundle). */
export const WORKER_SCRIPT_ENV = 'WORKBENCH_REQUEST_LOG_WORKER';

/** What the log's thread answers synchronously. */
export type LogCall =
  | { op: 'recent'; limit: number; beforeId?: number | undefined }
  | { op: 'search'; filter: LogSearch }
  | { op: 'byId'; id: number }
  | { op: 'close' };

/** A message to the log's thread. One port carries both kinds, so a read comes after every batch before it. */
export type ToLogThread =
  { kind: 'append'; entries: RecordedExchange[]; summarize: boolean } | { kind: 'call'; call: LogCall };

/** The answer to a call, on the reply port. */
export type CallAnswer = { ok: true; value: unknown } | { ok: false; message: string };

/** What the thread starts with: where the log lives, the reply port and the word it signals answers on. */
export interface LogThreadData {
  location: StoreLocation;
  replies: MessagePort;
  signal: SharedArrayBuffer;
}

/** A call that gets no answer in this long means the thread is gone (a crash); it never takes this long. */
const CALL_TIMEOUT_MS = 30_000;

/**
 * The request log's thread, as the main thread sees it. Entries go to it a batch at a time and are made
 * into rows and written there (request-log-keeper.ts), off the thread that serves the API: on an order
 * create that was a fifth of the request's CPU (its redaction, its serialization, its insert, and the
 * caches they took from the request's own work). Reads are synchronous, as they were on the workspace's
 * database: the caller posts the query and waits on a shared word until the thread has answered on a
 * port of their own. Batches and queries travel on one port, so a read sees every batch sent before it.
 *
 * The thread starts on first use, and again after a crash (what it held is lost, and said so).
 */
export class RequestLogThread {
  private worker: Worker | undefined;
  private replies: MessagePort | undefined;
  private script: { url: URL } | undefined;
  private readonly signal = new SharedArrayBuffer(4);
  private readonly flag = new Int32Array(this.signal);

  constructor(
    private readonly location: StoreLocation,
    /** Each batch's outcome that has something to tell: summaries asked for, entries lost. */
    private readonly onAppended: (result: AppendResult) => void,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Hands a batch to the thread; `summarize` asks for the written entries' summaries back. */
  append(entries: RecordedExchange[], summarize: boolean): void {
    const message: ToLogThread = { kind: 'append', entries, summarize };
    this.started().postMessage(message);
  }

  recent(limit: number, beforeId?: number): RequestLogEntry[] {
    return this.call({ op: 'recent', limit, beforeId }) as RequestLogEntry[];
  }

  search(filter: LogSearch): RequestLogEntry[] {
    return this.call({ op: 'search', filter }) as RequestLogEntry[];
  }

  byId(id: number): RequestLogEntry | undefined {
    return this.call({ op: 'byId', id }) as RequestLogEntry | undefined;
  }

  /** Writes what was sent, closes the log's database and lets the thread end. */
  close(): void {
    if (!this.worker) return;
    this.call({ op: 'close' });
    this.stopped();
  }

  private call(call: LogCall): unknown {
    const worker = this.started();
    Atomics.store(this.flag, 0, 0);
    const message: ToLogThread = { kind: 'call', call };
    worker.postMessage(message);
    if (Atomics.wait(this.flag, 0, 0, CALL_TIMEOUT_MS) === 'timed-out') {
      this.stopped();
      throw new Error(
        `the request log's thread (${this.script?.url.href}) did not answer ${call.op} in ${CALL_TIMEOUT_MS} ms`,
      );
    }
    const answer = receiveMessageOnPort(this.replies as MessagePort)?.message as CallAnswer | undefined;
    if (!answer) throw new Error(`the request log's thread signalled ${call.op} without an answer`);
    if (!answer.ok) throw new Error(answer.message);
    return answer.value;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const { port1, port2 } = new MessageChannel();
    const script = workerScript();
    // A missing script would only show as a call that is never answered: say so at once instead.
    if (!existsSync(script.url))
      throw new Error(
        `the request log's thread has no script at ${fileURLToPath(script.url)}: run npm run build:host`,
      );
    this.script = script;
    const workerData: LogThreadData = { location: this.location, replies: port2, signal: this.signal };
    const worker = new Worker(script.url, {
      workerData,
      transferList: [port2],
      execArgv: script.execArgv,
      name: 'request-log',
    });
    // It never keeps the process alive: `close` ends it when the host closes.
    worker.unref();
    worker.on('message', (result: AppendResult) => this.onAppended(result));
    worker.on('error', (error) => {
      if (this.worker === worker) this.stopped();
      this.onError(error);
    });
    this.worker = worker;
    this.replies = port1;
    return worker;
  }

  private stopped(): void {
    const worker = this.worker;
    this.worker = undefined;
    this.replies?.close();
    this.replies = undefined;
    void worker?.terminate();
  }
}

/**
 * The thread's script: beside the bundle this code was built into (`npm run serve`, Electron's main), or
 * in a run from the TypeScript sources the source itself through tsx, unless `WORKER_SCRIPT_ENV` names a
 * built one (the tests build it once instead of compiling it in every thread they start). In a packaged
 * app the script is kept out of the asar archive (package.json's `asarUnpack`), which a thread cannot
 * load a module from.
 */
export function workerScript(
  here = import.meta.url,
  env: NodeJS.ProcessEnv = process.env,
): { url: URL; execArgv?: string[] } {
  const built = env[WORKER_SCRIPT_ENV];
  if (built) return { url: pathToFileURL(built) };
  if (here.endsWith('.ts')) {
    // tsx as this project has it: `--import tsx` alone would look for it from the working folder.
    const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
    return { url: new URL('./request-log-worker.ts', here), execArgv: ['--import', tsx] };
  }
  return {
    url: new URL(new URL('./request-log-worker.mjs', here).href.replace('/app.asar/', '/app.asar.unpacked/')),
  };
}
