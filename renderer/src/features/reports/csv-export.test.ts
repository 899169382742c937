import { describe, expect, it } from 'vitest';
import type { TransactionSearchResponse } from '../../../../shared/api/reporting';
import { exportSearchAsCsv, type ExportProgress } from './csv-export';
import { CSV_HEADER } from './search-model';

/** A search of `total` transactions in pages of `size`, answered after a page-dependent delay. */
function pages(total: number, size: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number): Promise<TransactionSearchResponse> => {
    asked.push(page);
    // Later pages answer sooner: the file must keep the search's order anyway.
    await new Promise((resolve) => setTimeout(resolve, (10 - (page % 10)) * 2));
    const from = (page - 1) * size;
    const count = Math.max(0, Math.min(size, total - from));
    return {
      transaction_details: Array.from({ length: count }, (_, i) => ({
        transaction_info: {
          transaction_id: `T${String(from + i).padStart(6, '0')}`,
          transaction_amount: { currency_code: 'USD', value: '1.00' },
        },
      })),
      total_pages: Math.ceil(total / size),
      total_items: total,
      page,
    } as unknown as TransactionSearchResponse;
  };
  return { fetchPage, asked };
}

describe('exportSearchAsCsv', () => {
  it('writes every row once, in the search order, with the header first', async () => {
    const { fetchPage } = pages(1234, 100);
    const progress: ExportProgress[] = [];
    const { parts, rows } = await exportSearchAsCsv(fetchPage, { onProgress: (p) => progress.push(p) });
    const text = parts.join('');
    expect(rows).toBe(1234);
    expect(text.startsWith(CSV_HEADER)).toBe(true);
    const ids = text
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[0]);
    expect(ids).toEqual(Array.from({ length: 1234 }, (_, i) => `T${String(i).padStart(6, '0')}`));
    expect(progress.at(-1)).toEqual({ pages: 13, totalPages: 13, rows: 1234 });
  });

  it('stops asking for pages once cancelled, and rejects with the reason', async () => {
    const { fetchPage, asked } = pages(10_000, 100);
    const controller = new AbortController();
    const run = exportSearchAsCsv(fetchPage, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.pages === 5) controller.abort(new Error('cancelled by the user'));
      },
    });
    await expect(run).rejects.toThrow('cancelled by the user');
    const askedAtCancel = asked.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked.length).toBe(askedAtCancel);
    expect(asked.length).toBeLessThan(10);
  });

  it('exports an empty search as the header alone', async () => {
    const { fetchPage } = pages(0, 100);
    const { parts, rows } = await exportSearchAsCsv(fetchPage);
    expect(rows).toBe(0);
    expect(parts.join('')).toBe(CSV_HEADER);
  });
});
