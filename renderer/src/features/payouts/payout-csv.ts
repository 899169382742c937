import { CsvReader, csvField, type CsvRecord } from './csv';
import {
  contributionOf,
  ITEM_FIELDS,
  MAX_PAYOUT_ITEMS,
  REQUIRED_COLUMNS,
  newItem,
  type DraftItem,
  type ItemField,
} from './payout-draft';

/**
 * The CSV import of the create-batch form: header `recipient_type,receiver,amount,currency,note,sender_item_id`
 * (any order; `note` and `sender_item_id` may be left out), one payout item per record, every row checked
 * as it is read. It reads in slices and yields between them, so 15,000 rows never freeze the page.
 */

export const CSV_HEADER = ITEM_FIELDS.join(',');

export interface CsvImportResult {
  items: DraftItem[];
  /** What is wrong with the file as a whole (no header, unknown columns, too many rows). */
  problems: string[];
  /** Records after the 15,000th, not imported. */
  skipped: number;
}

export interface CsvImportOptions {
  /** Records read between two yields. */
  sliceSize?: number;
  /** Told how far the import is, 0..1, after every slice. */
  onProgress?(fraction: number): void;
  /** Hands the thread back to the UI; a macrotask by default. */
  yieldToUi?(): Promise<void>;
  signal?: AbortSignal;
}

const macrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The column of each field position, from the header record; or what is wrong with the header. */
export function readHeader(
  record: CsvRecord | undefined,
): { columns: (ItemField | undefined)[] } | { problem: string } {
  if (!record) return { problem: `The file is empty. The first line must be the header ${CSV_HEADER}.` };
  const names = record.fields.map((f) => f.trim().toLowerCase());
  const unknown = names.filter((n) => n !== '' && !(ITEM_FIELDS as readonly string[]).includes(n));
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    return {
      problem:
        `The header (line ${record.line}) lacks ${missing.join(', ')}` +
        (unknown.length > 0 ? ` and has unknown columns ${unknown.join(', ')}` : '') +
        `. Expected ${CSV_HEADER}.`,
    };
  }
  if (unknown.length > 0)
    return {
      problem: `Unknown column${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')}. Expected ${CSV_HEADER}.`,
    };
  const duplicate = names.find((n, i) => n !== '' && names.indexOf(n) !== i);
  if (duplicate) return { problem: `The column ${duplicate} appears twice in the header.` };
  return { columns: names.map((n) => (n === '' ? undefined : (n as ItemField))) };
}

/** One data record as a row, checked; a record of the wrong width says so on its row. */
export function recordToItem(record: CsvRecord, columns: readonly (ItemField | undefined)[]): DraftItem {
  const values: Partial<Record<ItemField, string>> = {};
  columns.forEach((column, index) => {
    if (!column) return;
    const raw = record.fields[index] ?? '';
    // Notes keep their spaces; every other column is an identifier or a number.
    values[column] = column === 'note' ? raw : raw.trim();
  });
  const item = newItem(
    {
      recipient_type: values.recipient_type ?? '',
      receiver: values.receiver ?? '',
      amount: values.amount ?? '',
      currency: values.currency ?? '',
      note: values.note ?? '',
      sender_item_id: values.sender_item_id ?? '',
    },
    record.line,
  );
  const rowProblem = record.problem ?? widthProblem(record, columns);
  return rowProblem ? { ...item, errors: { ...item.errors, row: rowProblem } } : item;
}

/**
 * More fields than the header is a row that cannot be read (most often a note with a comma that is not
 * in quotes); fewer is fine as long as every required column is there (trailing optional ones left out).
 */
function widthProblem(record: CsvRecord, columns: readonly (ItemField | undefined)[]): string | undefined {
  const count = record.fields.length;
  if (count > columns.length)
    return `Line ${record.line} has ${count} fields; the header has ${columns.length}. A note with a comma must be in double quotes.`;
  const missing = REQUIRED_COLUMNS.filter((c) => columns.indexOf(c) >= count);
  return missing.length > 0
    ? `Line ${record.line} has ${count} field${count === 1 ? '' : 's'}; ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing.`
    : undefined;
}

/** Reads a whole CSV file into checked rows, a slice at a time. */
export async function importPayoutCsv(
  text: string,
  options: CsvImportOptions = {},
): Promise<CsvImportResult> {
  const { sliceSize = 250, onProgress, yieldToUi = macrotask, signal } = options;
  const reader = new CsvReader(text);
  const header = readHeader(reader.next());
  if ('problem' in header) return { items: [], problems: [header.problem], skipped: 0 };
  const items: DraftItem[] = [];
  let skipped = 0;
  while (!reader.done) {
    signal?.throwIfAborted();
    for (const record of reader.take(sliceSize)) {
      if (items.length < MAX_PAYOUT_ITEMS) {
        const item = recordToItem(record, header.columns);
        // Worked out here, a slice at a time, so the form's first totals are only a sum.
        contributionOf(item);
        items.push(item);
      } else skipped++;
    }
    onProgress?.(reader.progress);
    if (!reader.done) await yieldToUi();
  }
  const problems: string[] = [];
  if (items.length === 0) problems.push('The file has a header but no rows.');
  if (skipped > 0)
    problems.push(
      `The file has ${(items.length + skipped).toLocaleString('en-US')} rows; a batch takes at most ` +
        `${MAX_PAYOUT_ITEMS.toLocaleString('en-US')}. The last ${skipped.toLocaleString('en-US')} were not imported.`,
    );
  return { items, problems, skipped };
}

/** Rows as a CSV file with the import's header (to fix them in a spreadsheet and import again). */
export function itemsToCsv(items: readonly Record<ItemField, string>[]): string {
  return (
    [CSV_HEADER, ...items.map((item) => ITEM_FIELDS.map((f) => csvField(item[f])).join(','))].join('\r\n') +
    '\r\n'
  );
}
