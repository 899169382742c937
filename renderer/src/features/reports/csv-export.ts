import type { TransactionSearchResponse } from '../../../../shared/api/reporting';
import { CSV_HEADER, csvRows } from './search-model';

export interface ExportProgress {
  pages: number;
  totalPages: number;
  rows: number;
}

/** Pages asked for at once: the host answers several while the UI turns the last ones into CSV. */
const PARALLEL_PAGES = 3;

/**
 * A whole search as CSV, page by page: each page becomes CSV text as it arrives (the transactions
 * themselves are dropped at once, so 200,000 rows never sit in memory as objects), a few pages are in
 * flight at a time, and the file keeps the search's order. `signal` cancels between pages: no page is
 * asked for after it fires, and the export rejects with its reason.
 */
export async function exportSearchAsCsv(
  fetchPage: (page: number) => Promise<TransactionSearchResponse>,
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<{ parts: string[]; rows: number }> {
  const { signal, onProgress } = options;
  const check = () => signal?.throwIfAborted();
  check();
  const first = await fetchPage(1);
  check();
  const totalPages = Math.max(1, first.total_pages);
  const parts: string[] = new Array<string>(totalPages + 1);
  parts[0] = CSV_HEADER;
  parts[1] = csvRows(first.transaction_details);
  let rows = first.transaction_details.length;
  let pages = 1;
  onProgress?.({ pages, totalPages, rows });

  let next = 2;
  const worker = async () => {
    while (next <= totalPages) {
      check();
      const page = next++;
      const body = await fetchPage(page);
      check();
      parts[page] = csvRows(body.transaction_details);
      rows += body.transaction_details.length;
      pages += 1;
      onProgress?.({ pages, totalPages, rows });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, totalPages - 1) }, worker));
  return { parts, rows };
}
