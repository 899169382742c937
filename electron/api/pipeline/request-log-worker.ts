import { parentPort, workerData } from 'node:worker_threads';
import { RequestLogKeeper } from './request-log-keeper.js';
import type { CallAnswer, LogCall, LogThreadData, ToLogThread } from './request-log-thread.js';

/**
 * The request log's thread (started by request-log-thread.ts): it keeps the log (request-log-keeper.ts)
 * and answers the main thread's batches and calls in the order they were sent. A batch's outcome goes
 * back on the worker's port when it has something to tell; a call's answer on the reply port, with the
 * shared word set and notified for the caller waiting on it.
 */
const { location, replies, signal } = workerData as LogThreadData;
const flag = new Int32Array(signal);
const port = parentPort;
if (!port) throw new Error('request-log-worker.ts runs as a worker thread');

let keeper: RequestLogKeeper | undefined;
let openError: Error | undefined;
try {
  keeper = new RequestLogKeeper(location);
} catch (error) {
  // Told with every batch and every call, instead of ending the thread with nothing said.
  openError = error instanceof Error ? error : new Error(String(error));
}

function answer(call: LogCall): unknown {
  // Closing a log that never opened has nothing to do: the host's close goes on.
  if (call.op === 'close') {
    keeper?.close();
    keeper = undefined;
    return null;
  }
  if (!keeper) throw openError ?? new Error('the request log is closed');
  switch (call.op) {
    case 'recent':
      return keeper.recent(call.limit, call.beforeId);
    case 'search':
      return keeper.search(call.filter);
    case 'byId':
      return keeper.byId(call.id);
  }
}

port.on('message', (message: ToLogThread) => {
  if (message.kind === 'append') {
    const result = keeper
      ? keeper.append(message.entries, message.summarize)
      : {
          summaries: [],
          failures: [
            {
              what: `${message.entries.length} entries`,
              message: openError?.message ?? 'the request log is closed',
            },
          ],
        };
    if (result.summaries.length > 0 || result.failures.length > 0) port.postMessage(result);
    return;
  }
  let reply: CallAnswer;
  try {
    reply = { ok: true, value: answer(message.call) };
  } catch (error) {
    reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  replies.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
  if (message.call.op === 'close') {
    replies.close();
    port.close();
  }
});
