import type { ApiResponse } from '../../../../shared/bridge';
import type { RpcEndpoint } from '../../bridge/http-bridge';
import type { ExportProgress } from './csv-export';

/** One page request of the export, as `sendRequest` takes it (the page number is filled in per page). */
export interface ExportPageRequest {
  /** The search path with `{page}` where the page number goes. */
  pathTemplate: string;
  headers?: Record<string, string>;
}

/** Page -> worker. `rpc` absent (Electron): the worker asks the page for each page's answer. */
export type ToExportWorker =
  | { type: 'start'; request: ExportPageRequest; rpc?: RpcEndpoint }
  | { type: 'page'; page: number; response: ApiResponse };

/** Worker -> page. */
export type FromExportWorker =
  | { type: 'progress'; progress: ExportProgress }
  | {
      type: 'need-page';
      page: number;
      request: { method: 'GET'; path: string; headers?: Record<string, string> };
    }
  | { type: 'done'; file: Blob; rows: number }
  | { type: 'failed'; message: string; response?: ApiResponse };

export const pagePath = (request: ExportPageRequest, page: number): string =>
  request.pathTemplate.replace('{page}', String(page));
