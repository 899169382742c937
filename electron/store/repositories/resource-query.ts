import type { ResourceKind } from './resources-repo.js';

/** What a list may sort resources by: columns of their own, never text from the caller. */
export const RESOURCE_SORT_FIELDS = ['create_time', 'update_time', 'status', 'id'] as const;
export interface ResourceSort {
  by: (typeof RESOURCE_SORT_FIELDS)[number];
  order: 'asc' | 'desc';
}
export const NEWEST_FIRST: ResourceSort = { by: 'create_time', order: 'desc' };
export const OLDEST_FIRST: ResourceSort = { by: 'create_time', order: 'asc' };

/**
 * A member of a stored resource's JSON, named from code: `body.number`, `internal.merchant_id`. The name
 * goes into the statement text, so only plain dotted names are accepted.
 */
export type ResourceMember = `${'body' | 'internal'}.${string}`;

/**
 * Which resources of one kind a group asks for, scoped to their owner. Every condition given must hold;
 * the store writes the SQL, so groups never write statements or `json_extract` filters of their own.
 */
export interface ResourceQuery {
  kind: ResourceKind;
  /** Owned by this app (the row's `app_id`): what the app's own calls may see. */
  app?: string;
  /** Owned by this merchant (`internal.merchant_id`): resources a merchant keeps across its apps. */
  merchant?: string;
  /** Under this parent (one id, or any of several; an empty list matches nothing). */
  parent?: string | readonly string[];
  /** One of these ids (an empty list matches nothing). */
  ids?: readonly string[];
  /** In this status, or any of these. */
  status?: string | readonly string[];
  /** Not in this status (a deleted resource that keeps its row). */
  notStatus?: string;
  /** JSON members equal to these values. */
  members?: Readonly<Partial<Record<ResourceMember, string | number>>>;
  /** A JSON member equal to any of these values (an empty list matches nothing). */
  memberIn?: { member: ResourceMember; values: readonly string[] };
  /** A JSON member holding an expiry time: absent, or later than `now`. */
  unexpired?: { member: ResourceMember; now: string | number };
  /** A time column from `from` (inclusive) or after `after` (exclusive), to `to` (exclusive); or several. */
  between?: TimeRange | readonly TimeRange[];
  /** The descendants of a lineage's root (the root itself excluded), found through the lineage index. */
  descendantsOf?: string;
  /** An element of a JSON array member whose own member equals a value (any transaction's payee). */
  anyElement?: { array: ResourceMember; member: string; value: string };
  /** Newest first unless said (insertion order breaks ties, so paging is stable). */
  sort?: ResourceSort;
}

/** A range of one time column (ISO 8601 UTC text, compared as stored). */
export interface TimeRange {
  column: 'create_time' | 'update_time';
  from?: string | undefined;
  after?: string | undefined;
  to?: string | undefined;
}

/** The WHERE clause and its arguments for a query; ORDER BY from its sort. */
export interface ResourceStatement {
  where: string;
  args: (string | number)[];
  orderBy: string;
}

const PLAIN_NAME = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*$/;

function jsonPath(name: string): string {
  if (!PLAIN_NAME.test(name)) throw new Error(`not a plain member name: ${name}`);
  return `'$.${name}'`;
}

/** `json_extract(body, '$.number')` for `body.number`. */
function extract(member: ResourceMember): string {
  const dot = member.indexOf('.');
  return `json_extract(${member.slice(0, dot)}, ${jsonPath(member.slice(dot + 1))})`;
}

const oneOrMany = (value: string | readonly string[]): readonly string[] =>
  typeof value === 'string' ? [value] : value;

const placeholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

export function resourceStatement(query: ResourceQuery): ResourceStatement {
  const where = ['kind = ?'];
  const args: (string | number)[] = [query.kind];
  const inList = (expression: string, values: readonly string[]) => {
    // An empty list matches nothing rather than making an empty IN ().
    where.push(values.length > 0 ? `${expression} IN (${placeholders(values)})` : '0');
    args.push(...values);
  };
  if (query.app !== undefined) {
    where.push('app_id = ?');
    args.push(query.app);
  }
  if (query.merchant !== undefined) {
    where.push(`${extract('internal.merchant_id')} = ?`);
    args.push(query.merchant);
  }
  if (query.parent !== undefined) inList('parent_id', oneOrMany(query.parent));
  if (query.ids !== undefined) inList('id', query.ids);
  if (query.status !== undefined) inList('status', oneOrMany(query.status));
  if (query.notStatus !== undefined) {
    where.push('status <> ?');
    args.push(query.notStatus);
  }
  for (const [member, value] of Object.entries(query.members ?? {}) as [ResourceMember, string | number][]) {
    where.push(`${extract(member)} = ?`);
    args.push(value);
  }
  if (query.memberIn) inList(extract(query.memberIn.member), query.memberIn.values);
  if (query.unexpired) {
    const expiry = extract(query.unexpired.member);
    where.push(`(${expiry} IS NULL OR ${expiry} > ?)`);
    args.push(query.unexpired.now);
  }
  const ranges: readonly TimeRange[] = query.between === undefined ? [] : [query.between].flat();
  for (const range of ranges) {
    const column = range.column === 'update_time' ? 'update_time' : 'create_time';
    const bounds = [
      [range.from, '>='],
      [range.after, '>'],
      [range.to, '<'],
    ] as const;
    for (const [time, operator] of bounds) {
      if (time === undefined) continue;
      where.push(`${column} ${operator} ?`);
      args.push(time);
    }
  }
  if (query.descendantsOf !== undefined) {
    // The partial index's own condition (`root_id <> id`) is repeated so SQLite can use it (migration 005).
    where.push('root_id = ? AND root_id <> id');
    args.push(query.descendantsOf);
  }
  if (query.anyElement) {
    const { array, member, value } = query.anyElement;
    const dot = array.indexOf('.');
    where.push(
      `EXISTS (SELECT 1 FROM json_each(resources.${array.slice(0, dot)}, ${jsonPath(array.slice(dot + 1))}) AS e WHERE json_extract(e.value, ${jsonPath(member)}) = ?)`,
    );
    args.push(value);
  }
  return { where: where.join(' AND '), args, orderBy: orderBy(query.sort ?? NEWEST_FIRST) };
}

export function orderBy({ by, order }: ResourceSort): string {
  // Both parts come from closed sets: the statement text never carries the caller's input.
  const column = RESOURCE_SORT_FIELDS.includes(by) ? by : 'create_time';
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${column} ${direction}, rowid ${direction}`;
}
