import { link, type Link } from '../../pipeline/links.js';

/** A page request after validation: 1-based page, its size, and whether totals are wanted. */
export interface PageRequest {
  page: number;
  pageSize: number;
  totalRequired: boolean;
}

export function pageRequest(
  query: { page?: string | undefined; page_size?: string | undefined; total_required?: string | undefined },
  defaultPageSize: number,
): PageRequest {
  return {
    page: query.page ? Number(query.page) : 1,
    pageSize: query.page_size ? Number(query.page_size) : defaultPageSize,
    totalRequired: query.total_required?.toLowerCase() === 'true',
  };
}

/**
 * The answer of a paged list (catalog products, plans, subscriptions): the items under `key`, totals when
 * asked, and `self`, `first`, `prev`, `next` and `last` links that keep the caller's other parameters.
 */
export function pagedBody(
  key: string,
  items: unknown[],
  total: number,
  request: PageRequest,
  base: string,
  path: string,
  params: Record<string, string | undefined>,
): Record<string, unknown> {
  const totalPages = Math.max(1, Math.ceil(total / request.pageSize));
  const href = (page: number): string => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, value);
    query.set('page_size', String(request.pageSize));
    query.set('page', String(page));
    if (request.totalRequired) query.set('total_required', 'true');
    return `${path}?${query.toString()}`;
  };
  const links: Link[] = [link(base, href(request.page), 'self')];
  if (request.page > 1) links.push(link(base, href(1), 'first'), link(base, href(request.page - 1), 'prev'));
  if (request.page < totalPages) {
    links.push(link(base, href(request.page + 1), 'next'), link(base, href(totalPages), 'last'));
  }
  return {
    ...(request.totalRequired ? { total_items: total, total_pages: totalPages } : {}),
    [key]: items,
    links,
  };
}
