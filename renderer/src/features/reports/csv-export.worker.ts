/// <reference lib="webworker" />
import type { ApiResponse } from '../../../../shared/bridge';
import type { TransactionSearchResponse } from '../../../../shared/api/reporting';
import { exportSearchAsCsv } from './csv-export';
import { pagePath, type FromExportWorker, type ToExportWorker } from './csv-export-protocol';

/**
 * The whole-search export, off the page's main thread: this worker asks the host for each page (itself
 * in browser mode, through the page in Electron), turns it into CSV and joins the file as a Blob, so
 * the page only draws progress. Cancelling terminates the worker: nothing lingers.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromExportWorker) => scope.postMessage(message);
const waiting = new Map<number, (response: ApiResponse) => void>();

class PageFailed extends Error {
  constructor(readonly response: ApiResponse) {
    super(`The API answered ${response.status}.`);
  }
}

async function start(message: Extract<ToExportWorker, { type: 'start' }>) {
  const { request, rpc } = message;
  const ask = async (page: number): Promise<ApiResponse> => {
    const call = {
      method: 'GET' as const,
      path: pagePath(request, page),
      ...(request.headers ? { headers: request.headers } : {}),
    };
    if (!rpc) {
      return new Promise((resolve) => {
        waiting.set(page, resolve);
        post({ type: 'need-page', page, request: call });
      });
    }
    const answer = await fetch(new URL('rpc/sendRequest', rpc.base), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(rpc.token ? { 'x-workbench-token': rpc.token } : {}),
      },
      body: JSON.stringify(call),
    });
    if (!answer.ok) throw new Error(`The host answered ${answer.status}.`);
    return (await answer.json()) as ApiResponse;
  };
  try {
    const { parts, rows } = await exportSearchAsCsv(
      async (page) => {
        const response = await ask(page);
        if (response.status < 200 || response.status >= 300) throw new PageFailed(response);
        return response.body as TransactionSearchResponse;
      },
      { onProgress: (progress) => post({ type: 'progress', progress }) },
    );
    post({ type: 'done', file: new Blob(parts, { type: 'text/csv;charset=utf-8' }), rows });
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
      ...(error instanceof PageFailed ? { response: error.response } : {}),
    });
  }
}

scope.onmessage = (event: MessageEvent<ToExportWorker>) => {
  const message = event.data;
  if (message.type === 'start') void start(message);
  else {
    waiting.get(message.page)?.(message.response);
    waiting.delete(message.page);
  }
};
