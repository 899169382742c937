import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ResourceKind } from '../../../shared/bridge';
import { bridge } from '../bridge';
import { useDebounced } from './use-debounced';
import { queryKeys } from '../api/query-keys';

export const RESOURCE_PAGE_SIZE = 25;

/**
 * One kind of resource as a list page shows it: a status filter, an id search (debounced, upper-cased,
 * as ids are), and the page, all asked of the host. Live through the `queryKeys.resources` key that
 * host change events and payment writes invalidate.
 */
export function useResourceList(kind: ResourceKind) {
  // Any of the kind's machine states, or '' for all of them.
  const [status, setStatus] = useState('');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText.trim().toUpperCase(), 300);
  // The page belongs to a filter: a new filter starts again at the first page.
  const filterKey = `${status}|${search}`;
  const [paging, setPaging] = useState({ filterKey, page: 0 });
  const page = paging.filterKey === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const query = useQuery({
    queryKey: queryKeys.resources.page(kind, { status, search, page }),
    queryFn: () =>
      bridge.listResources({
        kind,
        ...(status ? { status } : {}),
        ...(search ? { search } : {}),
        page: page + 1,
        page_size: RESOURCE_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });

  const filtered = status !== '' || search !== '';
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / RESOURCE_PAGE_SIZE) - 1);

  // A page that emptied (resources removed elsewhere, a narrower filter) moves back to the last page with rows.
  useEffect(() => {
    if (query.data && items.length === 0 && page > 0 && total > 0) setPaging({ filterKey, page: lastPage });
  }, [query.data, items.length, page, total, lastPage, filterKey]);

  return {
    query,
    items,
    total,
    /** The page to show: never past the last one while a shrunk list is being re-read. */
    page: Math.min(page, lastPage),
    setPage,
    status,
    setStatus,
    searchText,
    setSearchText,
    filtered,
    clearFilters: () => {
      setStatus('');
      setSearchText('');
    },
  };
}

export type ResourceList = ReturnType<typeof useResourceList>;
