import { ApiCallError } from '../../api/api-call';
import { bridge, rpcEndpoint } from '../../bridge';
import type { ExportProgress } from './csv-export';
import type { ExportPageRequest, FromExportWorker, ToExportWorker } from './csv-export-protocol';

export interface RunningExport {
  /** The CSV file and its row count; rejects when the export fails or is cancelled. */
  done: Promise<{ file: Blob; rows: number }>;
  /** Stops at once: the worker is terminated mid-page and `done` rejects with an AbortError. */
  cancel(): void;
}

/** Starts a whole-search export in a worker; `onProgress` gets each page's progress. */
export function exportInWorker(
  request: ExportPageRequest,
  onProgress: (progress: ExportProgress) => void,
): RunningExport {
  const worker = new Worker(new URL('./csv-export.worker.ts', import.meta.url), { type: 'module' });
  const send = (message: ToExportWorker) => worker.postMessage(message);
  let settle: { resolve: (v: { file: Blob; rows: number }) => void; reject: (e: unknown) => void };
  const done = new Promise<{ file: Blob; rows: number }>((resolve, reject) => (settle = { resolve, reject }));
  worker.onmessage = (event: MessageEvent<FromExportWorker>) => {
    const message = event.data;
    switch (message.type) {
      case 'progress':
        onProgress(message.progress);
        break;
      case 'need-page':
        // Electron: only the page reaches the preload, so it relays each page's call.
        bridge.sendRequest(message.request).then(
          (response) => send({ type: 'page', page: message.page, response }),
          (error: unknown) => {
            worker.terminate();
            settle.reject(error);
          },
        );
        break;
      case 'done':
        worker.terminate();
        settle.resolve({ file: message.file, rows: message.rows });
        break;
      case 'failed':
        worker.terminate();
        settle.reject(message.response ? new ApiCallError(message.response) : new Error(message.message));
        break;
    }
  };
  worker.onerror = (event) => {
    worker.terminate();
    settle.reject(new Error(event.message || 'The export worker failed.'));
  };
  const rpc = rpcEndpoint();
  send({ type: 'start', request, ...(rpc ? { rpc } : {}) });
  return {
    done,
    cancel() {
      worker.terminate();
      settle.reject(new DOMException('The export was cancelled.', 'AbortError'));
    },
  };
}
