import type { LedgerFilter } from './ledger-types.js';

/**
 * Where recent pages of a ledger search ended, so that the next page seeks to its first entry through
 * the search index instead of counting its way there (`OFFSET`): the 650th page of 500 entries read
 * 325,000 index entries only to skip them. A cursor says "the first `offset` entries of this search end
 * at entry (`initiatedMs`, `seq`)" (the search's order is initiation time, then seq).
 *
 * A cursor holds while no entry at or before it changes: entries written or changed later (a newer
 * capture, a later settlement) come after it in the order and move no page before it. The ledger tells
 * every write with the earliest initiation time it touched (and again when it is rolled back), and the
 * cursors from that time on are forgotten. The end of a search's window is no part of its key: a window
 * that grows (reporting's visibility moves on with the clock) keeps the cursors inside it.
 */
export interface SearchCursor {
  offset: number;
  initiatedMs: number;
  seq: number;
  /**
   * For a search that lists every balance-affecting entry: the balance of each currency right after
   * the cursor's entry, for the currencies its pages showed, so the next page's running balances go on
   * from there instead of adding up the ledger before it again.
   */
  balances?: ReadonlyMap<string, bigint>;
}

/** Searches remembered, newest kept; each keeps the cursors of its latest pages. */
const SEARCHES = 16;
const CURSORS_PER_SEARCH = 64;

/** A search's identity: its filter without the end of its window. */
export function searchKey(filter: LedgerFilter): string {
  const { toMs: _toMs, ...rest } = filter;
  return JSON.stringify(rest, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
}

export class SearchCursors {
  /** Search key -> its cursors in order of offset (and so of position). */
  private readonly searches = new Map<string, SearchCursor[]>();

  /** The cursor nearest before `offset` of a search whose window ends at `toMs`, if one is known. */
  nearest(key: string, offset: number, toMs: number): SearchCursor | undefined {
    const cursors = this.searches.get(key);
    if (!cursors) return undefined;
    let found: SearchCursor | undefined;
    for (const cursor of cursors) {
      if (cursor.offset > offset || cursor.initiatedMs > toMs) break;
      found = cursor;
    }
    return found;
  }

  /** The cursor exactly at `offset` of a search whose window ends at `toMs`, if one is known. */
  at(key: string, offset: number, toMs: number): SearchCursor | undefined {
    const cursor = this.nearest(key, offset, toMs);
    return cursor?.offset === offset ? cursor : undefined;
  }

  /** Notes that the first `cursor.offset` entries of the search end at the cursor's entry. */
  remember(key: string, cursor: SearchCursor): void {
    const cursors = this.searches.get(key) ?? [];
    // Newest search last, so the oldest is the first to go.
    this.searches.delete(key);
    this.searches.set(key, cursors);
    if (this.searches.size > SEARCHES) this.searches.delete(this.searches.keys().next().value!);
    const at = cursors.findIndex((c) => c.offset >= cursor.offset);
    if (at < 0) cursors.push(cursor);
    else if (cursors[at]!.offset === cursor.offset) cursors[at] = cursor;
    else cursors.splice(at, 0, cursor);
    // The pages furthest behind the latest go first: a reader moves forward.
    if (cursors.length > CURSORS_PER_SEARCH) cursors.splice(0, cursors.length - CURSORS_PER_SEARCH);
  }

  /** Entries initiated at or after `fromMs` changed: every cursor from there on may be off. */
  forgetFrom(fromMs: number): void {
    for (const [key, cursors] of this.searches) {
      const at = cursors.findIndex((c) => c.initiatedMs >= fromMs);
      if (at === 0) this.searches.delete(key);
      else if (at > 0) cursors.length = at;
    }
  }
}
