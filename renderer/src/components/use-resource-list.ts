import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import type { ResourceKind } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { useDebounced } from './use-debounced';
import { queryKeys } from '../api/query-keys';
import { INITIAL_LIST_VIEW, useListViews, type SortOrder } from './list-view-state';

export const RESOURCE_PAGE_SIZE = 25;

/** The columns a resource list sorts by (the host refuses any other). */
export type ResourceSortField = 'create_time' | 'update_time' | 'status' | 'id';

/** The query of one page of a resource list, as `useResourceList` and its prefetch ask for it. */
function resourcePageQuery(
  kind: ResourceKind,
  view: { status: string; search: string; page: number; sortBy: ResourceSortField; sortOrder: SortOrder },
) {
  const { status, search, page, sortBy, sortOrder } = view;
  return {
    queryKey: queryKeys.resources.page(kind, { status, search, page, sortBy, sortOrder }),
    queryFn: () =>
      bridge.listResources({
        kind,
        ...(status ? { status } : {}),
        ...(search ? { search } : {}),
        page: page + 1,
        page_size: RESOURCE_PAGE_SIZE,
        sort_by: sortBy,
        sort_order: sortOrder,
      }),
  };
}

/**
 * The first page of a resource list as a list page opened now shows it (its kept view, else the first
 * page, newest first), into the query cache: a start on the list's route asks for it before drawing.
 */
export function prefetchResourceList(queryClient: QueryClient, kind: ResourceKind): void {
  const view = useListViews.getState().views[kind] ?? INITIAL_LIST_VIEW;
  void queryClient.prefetchQuery(
    resourcePageQuery(kind, {
      status: view.status,
      search: view.searchText.trim().toUpperCase(),
      page: view.page,
      sortBy: view.sortBy as ResourceSortField,
      sortOrder: view.sortOrder,
    }),
  );
}

/**
 * One kind of resource as a list page shows it: a status filter, an id search (debounced, upper-cased,
 * as ids are), the page and the order, all asked of the host and kept while the user is elsewhere
 * (`list-view-state.ts`). Live through the `queryKeys.resources` key that host change events and
 * payment writes invalidate.
 */
export function useResourceList(kind: ResourceKind) {
  const view = useListViews((s) => s.views[kind]) ?? INITIAL_LIST_VIEW;
  const update = useListViews((s) => s.update);
  const { status, searchText, sortOrder } = view;
  const sortBy = view.sortBy as ResourceSortField;
  const search = useDebounced(searchText.trim().toUpperCase(), 300);
  const page = view.page;

  const query = useQuery({
    ...resourcePageQuery(kind, { status, search, page, sortBy, sortOrder }),
    placeholderData: keepPreviousData,
  });

  const filtered = status !== '' || search !== '';
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / RESOURCE_PAGE_SIZE) - 1);

  // A page that emptied (resources removed elsewhere, a narrower filter) moves back to the last page with rows.
  useEffect(() => {
    if (query.data && items.length === 0 && page > 0 && total > 0) update(kind, { page: lastPage });
  }, [query.data, items.length, page, total, lastPage, kind, update]);

  // Stable across renders, so the parts of a list page that only change the view (the filters, the
  // sortable headings, the pager) are memoized and not drawn again each time the host's data changes.
  const setPage = useCallback((next: number) => update(kind, { page: Math.max(0, next) }), [kind, update]);
  // A new filter or order starts again at the first page.
  const setStatus = useCallback((next: string) => update(kind, { status: next, page: 0 }), [kind, update]);
  const setSearchText = useCallback(
    (next: string) => update(kind, { searchText: next, page: 0 }),
    [kind, update],
  );
  const sortOn = useCallback(
    (field: ResourceSortField) => {
      const current = useListViews.getState().views[kind] ?? INITIAL_LIST_VIEW;
      update(kind, {
        sortBy: field,
        sortOrder: field === current.sortBy ? (current.sortOrder === 'asc' ? 'desc' : 'asc') : 'desc',
        page: 0,
      });
    },
    [kind, update],
  );
  const clearFilters = useCallback(
    () => update(kind, { status: '', searchText: '', page: 0 }),
    [kind, update],
  );

  return {
    query,
    items,
    total,
    /** The page to show: never past the last one while a shrunk list is being re-read. */
    page: Math.min(page, lastPage),
    lastPage,
    setPage,
    status,
    setStatus,
    searchText,
    setSearchText,
    sortBy,
    sortOrder,
    /** Sorts by `field`: a second click on the same column turns the order round. */
    sortOn,
    filtered,
    clearFilters,
  };
}

export type ResourceList = ReturnType<typeof useResourceList>;
