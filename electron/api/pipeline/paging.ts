import { link, type Link } from './links.js';

/**
 * Paging, once for every group: reading `page` / `page_size` / `total_required` from a validated query,
 * the offset and page count, and the `self` / `first` / `prev` / `next` / `last` links (under whatever rel
 * names the group's spec gives them) that repeat the caller's other parameters.
 */

/** A page request after validation: the page (0- or 1-based, as the group counts), its size, totals wanted. */
export interface PageRequest {
  page: number;
  pageSize: number;
  totalRequired: boolean;
  /** The number of the first page: 1 for most groups, 0 for the legacy billing lists. */
  firstPage: number;
}

/** The query parameters as the group's schema left them: strings, or numbers and booleans once coerced. */
export type PageQuery = Readonly<Record<string, string | number | boolean | undefined>>;

export interface PageReading {
  defaultPageSize: number;
  /** 1 unless the group counts pages from 0. */
  firstPage?: number;
  /** The parameter that asks for totals: `total_required` unless the group names it otherwise. */
  totalParam?: string;
  /** The value of that parameter that asks for totals: `true` unless the group says `yes`. */
  totalWord?: string;
}

/** Absent, empty and 0 all mean "the default" (schemas refuse a 0 where it is not a page number). */
const numberOr = (value: string | number | boolean | undefined, fallback: number): number =>
  Number(value ?? 0) || fallback;

export function readPage(query: PageQuery, reading: PageReading): PageRequest {
  const firstPage = reading.firstPage ?? 1;
  const asked = query[reading.totalParam ?? 'total_required'];
  return {
    page: numberOr(query.page, firstPage),
    pageSize: numberOr(query.page_size, reading.defaultPageSize),
    totalRequired: asked === true || String(asked).toLowerCase() === (reading.totalWord ?? 'true'),
    firstPage,
  };
}

/** How many rows come before the page. */
export const pageOffset = (request: PageRequest): number =>
  (request.page - request.firstPage) * request.pageSize;

/** How many pages `total` items fill; an empty list still has its one (empty) page. */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

export type PageStep = 'self' | 'first' | 'prev' | 'next' | 'last';

/**
 * One link of a group's paging links. By default `first` and `prev` appear past the first page, `next`
 * and `last` before the last; `always` shows the link on every page.
 */
export interface PageLinkRule {
  step: PageStep;
  /** The rel the group's spec uses (`previous`, `next_page`, `start`, ...); the step's name otherwise. */
  rel?: string;
  always?: boolean;
  /** `prev` only: shown only while the current page exists (a page past the end has none). */
  onlyWithinPages?: boolean;
  /** `prev` only: a page past the end points back to the last page rather than to page - 1. */
  clampToLast?: boolean;
}

export interface PageLinksInput {
  baseUrl: string;
  path: string;
  request: PageRequest;
  total: number;
  /**
   * The parameters each link repeats, in order; `page` takes each link's page number (in its place
   * when present, else last). Undefined and `false` values are left out.
   */
  params: PageQuery;
  rules: readonly PageLinkRule[];
}

export function pageHref(path: string, params: PageQuery, page: number): string {
  const query = new URLSearchParams();
  const withPage: PageQuery = { ...params, page };
  for (const [name, value] of Object.entries(withPage))
    if (value !== undefined && value !== false) query.set(name, String(value));
  // URLSearchParams writes a space as `+` (and a `+` as `%2B`); links spell it `%20`, as a path would.
  return `${path}?${query.toString().replaceAll('+', '%20')}`;
}

export function pageLinks({ baseUrl, path, request, total, params, rules }: PageLinksInput): Link[] {
  const { page, firstPage } = request;
  const lastPage = firstPage + pageCount(total, request.pageSize) - 1;
  const links: Link[] = [];
  for (const rule of rules) {
    const target = targetOf(rule, page, firstPage, lastPage);
    if (target !== undefined)
      links.push(link(baseUrl, pageHref(path, params, target), rule.rel ?? rule.step));
  }
  return links;
}

function targetOf(rule: PageLinkRule, page: number, firstPage: number, lastPage: number): number | undefined {
  const afterFirst = rule.always || page > firstPage;
  const beforeLast = rule.always || page < lastPage;
  switch (rule.step) {
    case 'self':
      return page;
    case 'first':
      return afterFirst ? firstPage : undefined;
    case 'prev':
      if (!afterFirst || (rule.onlyWithinPages && page > lastPage)) return undefined;
      return rule.clampToLast ? Math.min(page - 1, lastPage) : page - 1;
    case 'next':
      return beforeLast ? page + 1 : undefined;
    case 'last':
      return beforeLast ? lastPage : undefined;
  }
}

/** The common shape: self; first and prev past the first page; next and last before the last. */
export const FULL_PAGE_LINKS: readonly PageLinkRule[] = [
  { step: 'self' },
  { step: 'first' },
  { step: 'prev' },
  { step: 'next' },
  { step: 'last' },
];

/**
 * A paged list's answer where the spec puts totals beside the items (catalog products, plans,
 * subscriptions): `total_items` and `total_pages` when asked, the items under `key`, and the full links
 * repeating the caller's filters.
 */
export function pagedBody(
  key: string,
  items: unknown[],
  total: number,
  request: PageRequest,
  where: { baseUrl: string; path: string; params: PageQuery },
): Record<string, unknown> {
  const params = {
    ...where.params,
    page_size: request.pageSize,
    page: request.page,
    total_required: request.totalRequired ? 'true' : undefined,
  };
  return {
    ...(request.totalRequired ? { total_items: total, total_pages: pageCount(total, request.pageSize) } : {}),
    [key]: items,
    links: pageLinks({ ...where, params, request, total, rules: FULL_PAGE_LINKS }),
  };
}

/**
 * The links of a list paged by token (disputes): `self` repeats the request, token included; `next`
 * carries the token of the page after, when there is one. Links without parameters are the bare path.
 */
export function tokenPageLinks(input: {
  baseUrl: string;
  path: string;
  /** The request's parameters, the token among them. */
  params: PageQuery;
  tokenParam: string;
  nextToken: string | undefined;
}): Link[] {
  const { baseUrl, path, params, tokenParam, nextToken } = input;
  const href = (token: string | number | boolean | undefined): string => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params))
      if (value !== undefined && value !== false && name !== tokenParam) query.set(name, String(value));
    if (token !== undefined && token !== '') query.set(tokenParam, String(token));
    return query.size > 0 ? `${path}?${query.toString().replaceAll('+', '%20')}` : path;
  };
  const links = [link(baseUrl, href(params[tokenParam]), 'self')];
  if (nextToken !== undefined) links.push(link(baseUrl, href(nextToken), 'next'));
  return links;
}
