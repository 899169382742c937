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

/**
 * Only the rows in view of `count` rows are in the DOM: a list of thousands costs what a screenful costs.
 * `onNearEnd` runs when the view reaches the last rows (the caller fetches the next page from the host),
 * and again each time the list's fetching settles with the view still there: a refresh of the list (a
 * host event invalidating it) cancels a next-page fetch under way, and the view, already at the end,
 * would not move to ask again.
 *
 * `viewHeight` is the scrolling element's height as the page sets it (its CSS `max-height`, e.g.
 * `70vh`): the first draw, before the element exists, then holds the rows in view (see
 * `virtualRowsOptions`).
 */
export function useVirtualRows<E extends HTMLElement>(
  count: number,
  estimateRowHeight: number,
  onNearEnd?: () => void,
  fetching = false,
  viewHeight?: ViewHeight,
): VirtualRows<E> {
  const scrollRef = useRef<E | null>(null);
  const virtualizer = useVirtualizer(
    virtualRowsOptions(count, estimateRowHeight, () => scrollRef.current, viewHeight, window.innerHeight),
  );
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  const nearEnd = useRef(onNearEnd);
  nearEnd.current = onNearEnd;
  useEffect(() => {
    if (!fetching && count > 0 && lastIndex >= count - 1 - OVERSCAN) nearEnd.current?.();
  }, [lastIndex, count, fetching]);
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
