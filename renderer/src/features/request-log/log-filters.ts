import type { BridgeInput, RequestLogDetail } from '../../../../shared/bridge';
import { saveFile } from '../../components/save-file';
import type { ConsoleDraft } from '../../app/ui-store';
import { REQUEST_SOURCES, SOURCE_LABELS, type RequestSource } from '../../../../shared/request-source';

/** The request log's filters and the helpers around them (paging, replay, HAR download). */

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';
export type SinceRange = '5m' | '1h' | '1d' | 'all';

export interface LogFilters {
  path: string;
  status: StatusClass | '';
  since: SinceRange;
  /** Who sent it (by User-Agent); '' for anyone. */
  source: RequestSource | '';
}

export const NO_FILTERS: LogFilters = { path: '', status: '', since: 'all', source: '' };

export const SOURCE_OPTIONS: readonly { value: LogFilters['source']; label: string }[] = [
  { value: '', label: 'Any source' },
  ...REQUEST_SOURCES.map((value) => ({ value, label: SOURCE_LABELS[value] })),
];

export const STATUS_OPTIONS: readonly { value: LogFilters['status']; label: string }[] = [
  { value: '', label: 'Any status' },
  { value: '2xx', label: '2xx success' },
  { value: '3xx', label: '3xx redirect' },
  { value: '4xx', label: '4xx client error' },
  { value: '5xx', label: '5xx server error' },
];

export const SINCE_OPTIONS: readonly { value: SinceRange; label: string; ms?: number }[] = [
  { value: '5m', label: 'Last 5 minutes', ms: 5 * 60_000 },
  { value: '1h', label: 'Last hour', ms: 3_600_000 },
  { value: '1d', label: 'Last day', ms: 86_400_000 },
  { value: 'all', label: 'All time' },
];

/** Rows per page ("Load older" fetches the next page before the oldest row shown). */
export const PAGE_SIZE = 100;

export const isFiltered = (filters: LogFilters): boolean =>
  filters.path.trim() !== '' || filters.status !== '' || filters.since !== 'all' || filters.source !== '';

/**
 * The start of a time range as the log stores times (ISO, UTC wall-clock time of the host). Computed when
 * the page is fetched, so "last 5 minutes" keeps sliding.
 */
export function sinceIso(range: SinceRange, now = Date.now()): string | undefined {
  const ms = SINCE_OPTIONS.find((o) => o.value === range)?.ms;
  return ms === undefined ? undefined : new Date(now - ms).toISOString();
}

/** The bridge input for one page of the log. */
export function listInput(
  filters: LogFilters,
  beforeId: number | undefined,
  now = Date.now(),
): BridgeInput<'listRequestLog'> {
  const path = filters.path.trim().slice(0, 200);
  const since = sinceIso(filters.since, now);
  return {
    limit: PAGE_SIZE,
    ...(beforeId !== undefined ? { before_id: beforeId } : {}),
    ...(path ? { path } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(since ? { since } : {}),
    ...(filters.source ? { source: filters.source } : {}),
  };
}

/**
 * Headers a replay must not carry: the token (the host attaches a fresh one), the User-Agent, and what the HTTP client
 * sets itself or refuses (host, length, hop-by-hop headers, encodings, fetch metadata).
 */
const NOT_REPLAYED = new Set([
  'authorization',
  // The console's call is the workbench's own: a curl or SDK User-Agent would mark it as theirs.
  'user-agent',
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
  'accept-encoding',
]);
const notReplayed = (name: string): boolean => NOT_REPLAYED.has(name) || name.startsWith('sec-fetch-');

const REPLAYABLE_METHODS = new Set<ConsoleDraft['method']>(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);

export const canReplay = (method: string): boolean =>
  REPLAYABLE_METHODS.has(method.toUpperCase() as ConsoleDraft['method']);

/** A logged request as a console draft. */
export function replayDraft(entry: RequestLogDetail): ConsoleDraft {
  const headers = Object.fromEntries(
    Object.entries(entry.request.headers ?? {}).filter(([name]) => !notReplayed(name.toLowerCase())),
  );
  const body = entry.request.body;
  return {
    method: (canReplay(entry.method) ? entry.method.toUpperCase() : 'GET') as ConsoleDraft['method'],
    path: entry.path,
    headers,
    ...(body === undefined || body === null || body === ''
      ? {}
      : { body: typeof body === 'string' ? body : JSON.stringify(body, null, 2) }),
  };
}

/** `workbench-requests-2025-01-31T10-20-30.har` */
export const harFileName = (now = new Date()): string =>
  `workbench-requests-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.har`;

/** Saves the HAR as a file through a Blob URL and an `<a download>` (no server round trip). */
export function downloadHar(har: unknown, fileName = harFileName()): void {
  saveFile(fileName, [JSON.stringify(har, null, 2)], 'application/json');
}
