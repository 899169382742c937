import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { OVERSCAN, virtualRowsOptions, type ViewHeight } from './virtual-rows-options';

export interface VirtualRows<E extends HTMLElement> {
  /** The scrolling element (give it a bounded height and `overflow: auto`). */
  scrollRef: RefObject<E | null>;
  /** The rows to draw now, each with its index. */
  items: VirtualItem[];
  /** Space before the first drawn row and after the last, so the scrollbar reflects every row. */
  before: number;
  after: number;
  /** Put on each drawn row (with `data-index`) so rows of uneven height are measured, not guessed. */
  measure: (element: Element | null) => void;
}

/** An infinite query's paging as the rows need it (react-query's `useInfiniteQuery` result is one). */
export interface NextPages {
  hasNextPage: boolean;
  isFetching: boolean;
  fetchNextPage: () => unknown;
}

export interface VirtualRowsOptions {
  /** The list's pages on the host: the view near the last rows asks for the next one. */
  pages?: NextPages;
  /**
   * Rows fetched but not drawn yet (a list drawn in a transition): they count as rows still coming, so
   * the view at the end of the rows drawn so far does not ask for the page after the one just fetched.
   */
  drawing?: boolean;
  /**
   * The scrolling element's height as the page sets it (its CSS `max-height`, e.g. `70vh`): the first
   * draw, before the element exists, then holds the rows in view (see `virtualRowsOptions`).
   */
  viewHeight?: ViewHeight;
}

/**
 * Only the rows in view of `count` rows are in the DOM: a list of thousands costs what a screenful costs.
 * With `pages`, the view reaching the last rows asks the host for the next page, and asks again each
 * time the list's fetching settles with the view still there: a refresh of the list (a host event
 * invalidating it) cancels a next-page fetch under way, and the view, already at the end, would not
 * move to ask again.
 */
export function useVirtualRows<E extends HTMLElement>(
  count: number,
  estimateRowHeight: number,
  { pages, drawing = false, viewHeight }: VirtualRowsOptions = {},
): VirtualRows<E> {
  const scrollRef = useRef<E | null>(null);
  const virtualizer = useVirtualizer(
    virtualRowsOptions(count, estimateRowHeight, () => scrollRef.current, viewHeight, window.innerHeight),
  );
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  const latestPages = useRef(pages);
  latestPages.current = pages;
  const settled = !(pages?.isFetching ?? false) && !drawing;
  useEffect(() => {
    const next = latestPages.current;
    if (next?.hasNextPage && settled && count > 0 && lastIndex >= count - 1 - OVERSCAN)
      void next.fetchNextPage();
  }, [lastIndex, count, settled]);
  return {
    scrollRef,
    items,
    before: items[0]?.start ?? 0,
    after: Math.max(0, virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0)),
    measure: virtualizer.measureElement,
  };
}

/** A table row that only holds space (above or below the drawn rows); nothing when there is none. */
export function SpacerRow({ height, colSpan }: { height: number; colSpan: number }): ReactNode {
  if (height <= 0) return null;
  return (
    <TableRow aria-hidden sx={{ height }}>
      <TableCell colSpan={colSpan} sx={{ p: 0, border: 0 }} />
    </TableRow>
  );
}
