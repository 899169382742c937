/**
 * A small RFC 4180 CSV reader that reads a file in slices, so a 15,000-row import can hand the UI
 * back its thread between slices. Pure: no DOM.
 *
 * - fields are separated by commas, records by CRLF, LF or a lone CR;
 * - a field in double quotes may hold commas, line breaks and `""` (one quote);
 * - a blank line (nothing or only spaces) is no record;
 * - a leading byte-order mark is dropped.
 */

export interface CsvRecord {
  /** The 1-based line the record starts on (a quoted line break makes a record span lines). */
  line: number;
  fields: string[];
  /** What is malformed about the record (an unclosed quote, text after a closing quote). */
  problem?: string;
}

export class CsvReader {
  private position: number;
  private line = 1;
  private readonly text: string;

  constructor(text: string) {
    this.text = text;
    this.position = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  get done(): boolean {
    return this.position >= this.text.length;
  }

  /** How much of the text has been read, 0..1. */
  get progress(): number {
    return this.text.length === 0 ? 1 : Math.min(1, this.position / this.text.length);
  }

  /** The next record, skipping blank lines; undefined at the end. */
  next(): CsvRecord | undefined {
    while (!this.done) {
      const record = this.readRecord();
      if (record.fields.length > 1 || record.quoted || record.fields[0]?.trim() !== '') {
        return {
          line: record.line,
          fields: record.fields,
          ...(record.problem ? { problem: record.problem } : {}),
        };
      }
    }
    return undefined;
  }

  /** Up to `max` records. */
  take(max: number): CsvRecord[] {
    const records: CsvRecord[] = [];
    while (records.length < max) {
      const record = this.next();
      if (!record) break;
      records.push(record);
    }
    return records;
  }

  private readRecord(): { line: number; fields: string[]; quoted: boolean; problem?: string } {
    const { text } = this;
    const line = this.line;
    const fields: string[] = [];
    let quoted = false;
    let problem: string | undefined;
    for (;;) {
      let field = '';
      if (text[this.position] === '"') {
        quoted = true;
        this.position++;
        for (;;) {
          const close = text.indexOf('"', this.position);
          if (close < 0) {
            field += this.countLines(text.slice(this.position));
            this.position = text.length;
            problem ??= 'A quoted field is never closed.';
            break;
          }
          field += this.countLines(text.slice(this.position, close));
          this.position = close + 1;
          if (text[this.position] === '"') {
            field += '"';
            this.position++;
          } else break;
        }
        // Anything between the closing quote and the next separator is kept, and reported.
        const rest = this.readUnquoted();
        if (rest !== '') {
          field += rest;
          problem ??= 'Text follows a closing quote; put the whole field in quotes.';
        }
      } else {
        field = this.readUnquoted();
      }
      fields.push(field);
      const c = text[this.position];
      if (c === ',') {
        this.position++;
        continue;
      }
      // End of record: a line break or the end of the text.
      if (c === '\r') this.position += text[this.position + 1] === '\n' ? 2 : 1;
      else if (c === '\n') this.position++;
      if (c !== undefined) this.line++;
      return { line, fields, quoted, ...(problem ? { problem } : {}) };
    }
  }

  /** Reads up to the next comma or line break. */
  private readUnquoted(): string {
    const { text } = this;
    const start = this.position;
    let end = start;
    while (end < text.length) {
      const c = text.charCodeAt(end);
      if (c === 44 /* , */ || c === 10 /* \n */ || c === 13 /* \r */) break;
      end++;
    }
    this.position = end;
    return text.slice(start, end);
  }

  /** Counts the line breaks inside a quoted field (for the next record's line number). */
  private countLines(chunk: string): string {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 10 || (c === 13 && chunk.charCodeAt(i + 1) !== 10)) this.line++;
    }
    return chunk;
  }
}

/** Every record of `text` at once (tests, small files). */
export function parseCsv(text: string): CsvRecord[] {
  const reader = new CsvReader(text);
  const records: CsvRecord[] = [];
  for (let record = reader.next(); record; record = reader.next()) records.push(record);
  return records;
}

/** One field as CSV: quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
