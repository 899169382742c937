import { describe, expect, it } from 'vitest';
import { CsvReader, csvField, parseCsv } from './csv';
import { CSV_HEADER, importPayoutCsv, itemsToCsv } from './payout-csv';
import { MAX_PAYOUT_ITEMS, invalidRows } from './payout-draft';

const csv = (...lines: string[]) => lines.join('\n');
const noYield = { yieldToUi: () => Promise.resolve() };

describe('parseCsv', () => {
  it('reads plain records with their line numbers', () => {
    expect(parseCsv('a,b,c\n1,2,3\n')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', '2', '3'] },
    ]);
  });

  it('keeps commas, doubled quotes and line breaks inside quotes', () => {
    const records = parseCsv('a,b\r\n"x, y","say ""hi"""\r\n"two\nlines",z\r\nlast,one');
    expect(records.map((r) => r.fields)).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
      ['two\nlines', 'z'],
      ['last', 'one'],
    ]);
    // A record after a quoted line break starts on the right line.
    expect(records.map((r) => r.line)).toEqual([1, 2, 3, 5]);
  });

  it('skips blank lines, including lines of spaces, and handles CR, LF and CRLF', () => {
    expect(parseCsv('a\r\n\r\n  \n\rb\rc\n\n').map((r) => [r.line, r.fields])).toEqual([
      [1, ['a']],
      [5, ['b']],
      [6, ['c']],
    ]);
  });

  it('keeps an empty quoted field and empty fields between commas', () => {
    expect(parseCsv('""\n,,\n').map((r) => r.fields)).toEqual([[''], ['', '', '']]);
  });

  it('drops a byte-order mark', () => {
    expect(parseCsv('\uFEFFa,b')[0]?.fields).toEqual(['a', 'b']);
  });

  it('reports an unclosed quote and text after a closing quote', () => {
    expect(parseCsv('"open,end')[0]?.problem).toMatch(/never closed/);
    const [record] = parseCsv('"a"b,c');
    expect(record?.fields).toEqual(['ab', 'c']);
    expect(record?.problem).toMatch(/follows a closing quote/);
  });

  it('reads in slices and reports its progress', () => {
    const reader = new CsvReader('h\n1\n2\n3\n4\n');
    expect(reader.take(2).map((r) => r.fields[0])).toEqual(['h', '1']);
    expect(reader.progress).toBeGreaterThan(0);
    expect(reader.progress).toBeLessThan(1);
    expect(reader.take(10).map((r) => r.fields[0])).toEqual(['2', '3', '4']);
    expect(reader.done).toBe(true);
    expect(reader.progress).toBe(1);
  });

  it('round-trips fields that need quotes', () => {
    const values = ['plain', 'a, b', 'say "x"', 'line\nbreak', ' padded '];
    expect(parseCsv(values.map(csvField).join(','))[0]?.fields).toEqual(values);
  });
});

describe('importPayoutCsv', () => {
  it('reads rows into checked items, a note with commas and quotes intact', async () => {
    const result = await importPayoutCsv(
      csv(
        CSV_HEADER,
        'EMAIL,buyer@example.com,10.00,USD,"Thanks, and ""well done""",item-1',
        '',
        'PHONE,+14085551234,5,USD,,item-2',
      ),
      noYield,
    );
    expect(result.problems).toEqual([]);
    expect(result.items).toHaveLength(2);
    expect(result.items[0]).toMatchObject({
      line: 2,
      recipient_type: 'EMAIL',
      receiver: 'buyer@example.com',
      amount: '10.00',
      currency: 'USD',
      note: 'Thanks, and "well done"',
      sender_item_id: 'item-1',
      errors: {},
    });
    expect(result.items[1]).toMatchObject({ line: 4, receiver: '+14085551234', errors: {} });
  });

  it('accepts the columns in any order and without the optional ones', async () => {
    const result = await importPayoutCsv(
      csv('Amount, Currency ,receiver,recipient_type', '1.50,EUR,a@example.com,EMAIL'),
      noYield,
    );
    expect(result.problems).toEqual([]);
    expect(result.items[0]).toMatchObject({
      amount: '1.50',
      currency: 'EUR',
      receiver: 'a@example.com',
      note: '',
    });
  });

  it('refuses a file without the header or with unknown columns, and says what it expected', async () => {
    expect((await importPayoutCsv('', noYield)).problems[0]).toMatch(/empty/);
    expect((await importPayoutCsv(csv('EMAIL,a@example.com,1.00,USD', 'x'), noYield)).problems[0]).toContain(
      CSV_HEADER,
    );
    expect(
      (await importPayoutCsv(csv(`${CSV_HEADER},colour`, 'EMAIL,a@example.com,1.00,USD,,,red'), noYield))
        .problems[0],
    ).toMatch(/Unknown column colour/);
    expect((await importPayoutCsv(CSV_HEADER + '\n\n', noYield)).problems).toEqual([
      'The file has a header but no rows.',
    ]);
  });

  it('gives each bad row its own error, on the column at fault', async () => {
    const result = await importPayoutCsv(
      csv(
        CSV_HEADER,
        'EMAIL,buyer@example.com,10.00,USD,,a', // fine
        'FAX,x@example.com,1.00,USD,,b', // recipient type
        'EMAIL,not-an-email,1.00,USD,,c', // receiver
        'EMAIL,x@example.com,1.005,USD,,d', // three decimals in USD
        'EMAIL,x@example.com,10,JPY,,e', // fine: JPY has no decimals
        'EMAIL,x@example.com,1.5,JPY,,f', // JPY has no decimals
        'EMAIL,x@example.com,abc,USD,,g', // not a number
        'EMAIL,x@example.com,0.00,USD,,h', // zero
        'EMAIL,x@example.com,1.00,XYZ,,i', // currency
        'EMAIL,x@example.com,1.00,USD,a note, with a comma,j', // unquoted comma: one field too many
        'EMAIL,x@example.com', // amount and currency missing
      ),
      noYield,
    );
    const errors = result.items.map((i) => i.errors);
    expect(errors[0]).toEqual({});
    expect(errors[1]?.recipient_type).toBeDefined();
    expect(errors[2]?.receiver).toMatch(/e-mail/);
    expect(errors[3]?.amount).toMatch(/USD allows 2 decimal places/);
    expect(errors[4]).toEqual({});
    expect(errors[5]?.amount).toMatch(/JPY allows 0 decimal places/);
    expect(errors[6]?.amount).toBeDefined();
    expect(errors[7]?.amount).toMatch(/greater than zero/);
    expect(errors[8]?.currency).toMatch(/XYZ/);
    expect(errors[9]?.row).toMatch(/Line 11 has 7 fields.*double quotes/);
    expect(errors[10]?.row).toMatch(/amount, currency are missing/);
    expect(invalidRows(result.items)).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
  });

  it('reads 15,000 rows in slices, yielding between them', async () => {
    const lines = [CSV_HEADER];
    for (let i = 0; i < MAX_PAYOUT_ITEMS; i++)
      lines.push(`EMAIL,payee${i}@example.com,${(i % 500) + 1}.25,USD,"Note ${i}, thanks",item-${i}`);
    lines[5001] = 'EMAIL,payee5000@example.com,oops,USD,,item-5000';
    let yields = 0;
    const progress: number[] = [];
    const result = await importPayoutCsv(lines.join('\r\n'), {
      sliceSize: 1000,
      yieldToUi: async () => {
        yields++;
      },
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(result.items).toHaveLength(MAX_PAYOUT_ITEMS);
    expect(result.problems).toEqual([]);
    expect(invalidRows(result.items)).toEqual([5000]);
    expect(result.items[5000]?.line).toBe(5002);
    expect(result.items[14_999]).toMatchObject({ note: 'Note 14999, thanks', sender_item_id: 'item-14999' });
    expect(yields).toBe(14);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('imports the first 15,000 rows of a longer file and says how many were left out', async () => {
    const rows = Array.from({ length: MAX_PAYOUT_ITEMS + 3 }, (_, i) => `EMAIL,p${i}@example.com,1.00,USD`);
    const result = await importPayoutCsv([CSV_HEADER, ...rows].join('\n'), noYield);
    expect(result.items).toHaveLength(MAX_PAYOUT_ITEMS);
    expect(result.skipped).toBe(3);
    expect(result.problems[0]).toMatch(/15,003 rows.*last 3 were not imported/);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const rows = Array.from({ length: 5000 }, (_, i) => `EMAIL,p${i}@example.com,1.00,USD`);
    const pending = importPayoutCsv([CSV_HEADER, ...rows].join('\n'), {
      sliceSize: 100,
      yieldToUi: async () => controller.abort(),
      signal: controller.signal,
    });
    await expect(pending).rejects.toThrow();
  });

  it('writes rows back as a CSV file that imports to the same rows', async () => {
    const first = await importPayoutCsv(
      csv(CSV_HEADER, 'EMAIL,a@example.com,1.00,USD,"x, ""y""\nz",id-1', 'PHONE,+15551234567,2.00,USD,,'),
      noYield,
    );
    const again = await importPayoutCsv(itemsToCsv(first.items), noYield);
    const strip = (items: typeof first.items) => items.map(({ key: _k, line: _l, ...rest }) => rest);
    expect(strip(again.items)).toEqual(strip(first.items));
  });
});
