import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  GENERATE,
  iso,
  search,
  startReportingHarness,
  type Json,
  type ReportingHarness,
} from './reporting-test-kit.js';

interface Line {
  id: string;
  currency: string;
  net: bigint;
  ending: string | undefined;
}

const minor = (value: string): bigint => {
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const n = BigInt(whole + fraction.padEnd(3, '0'));
  return value.startsWith('-') ? -n : n;
};

/** Every line of the unfiltered search of the last 30 days, read `size` at a time, pages in `order`. */
async function read(api: ReportingHarness, size: number, order: 'forward' | 'backward'): Promise<Line[]> {
  const window = { start_date: iso(api.now() - 30 * 86_400_000), end_date: iso(api.now() + 3_600_000) };
  const first = await search(api, { ...window, page_size: String(size) });
  const count = first.total_pages as number;
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  const pages = new Map<number, Json[]>();
  for (const page of order === 'forward' ? numbers : numbers.reverse())
    pages.set(
      page,
      (await search(api, { ...window, page_size: String(size), page: String(page) })).transaction_details,
    );
  return numbers
    .sort((a, b) => a - b)
    .flatMap((page) => pages.get(page)!)
    .map((entry: Json) => {
      const info = entry.transaction_info;
      return {
        id: `${info.transaction_id}:${info.transaction_event_code}`,
        currency: info.transaction_amount.currency_code,
        net: minor(info.transaction_amount.value) + minor(info.fee_amount?.value ?? '0'),
        ending: info.ending_balance?.value,
      };
    });
}

/** Each currency's ending balance is the one before it plus the line: the chain holds across pages. */
function expectChained(lines: Line[]): void {
  const last = new Map<string, bigint>();
  for (const line of lines) {
    expect(line.ending, line.id).toBeDefined();
    const ending = minor(line.ending!);
    const before = last.get(line.currency);
    if (before !== undefined) expect(ending, line.id).toBe(before + line.net);
    last.set(line.currency, ending);
  }
}

describe('transaction search pages read in sequence (the ledger search goes on from the page before)', () => {
  let api: ReportingHarness;
  beforeEach(async () => {
    api = await startReportingHarness();
    const reply = await api.request('POST', GENERATE, { body: { entries: 2_500, days: 20, seed: 5 } });
    expect(reply.status, reply.text).toBe(201);
  });
  afterEach(async () => api.close());

  it('answers every page and ending balance as pages read alone do, forward, backward, any size', async () => {
    const forward = await read(api, 100, 'forward');
    expect(forward.length).toBeGreaterThan(2_000);
    expectChained(forward);
    // Backward, each page from the cursor the forward reading left; 37 a page, none where one ended.
    expect(await read(api, 100, 'backward')).toEqual(forward);
    expect(await read(api, 37, 'backward')).toEqual(forward);
    expect(await read(api, 37, 'forward')).toEqual(forward);
  });

  it('reads the history written in between the readings, with its balances', async () => {
    const before = await read(api, 100, 'forward');
    // More history in the same days: entries land before every page's end.
    const reply = await api.request('POST', GENERATE, { body: { entries: 700, days: 20, seed: 9 } });
    expect(reply.status, reply.text).toBe(201);
    const after = await read(api, 100, 'forward');
    expect(after.length).toBeGreaterThan(before.length);
    expectChained(after);
    expect(await read(api, 37, 'backward')).toEqual(after);
  });
});
