import type { VirtualizerOptions } from '@tanstack/react-virtual';

/** Rows drawn beyond each edge of the view, so a fast scroll never shows a blank band. */
export const OVERSCAN = 8;

/** A scrolling element's height in the units its CSS gives it: `vh` of the window, or pixels. */
export type ViewHeight = `${number}vh` | number;

/** `height` in pixels in a window `windowHeight` pixels tall. */
export function pixelsOf(height: ViewHeight, windowHeight: number): number {
  return typeof height === 'number' ? height : (windowHeight * Number.parseFloat(height)) / 100;
}

type RowsOptions<E extends Element> = Pick<
  VirtualizerOptions<E, Element>,
  'count' | 'getScrollElement' | 'estimateSize' | 'overscan' | 'initialRect'
>;

/**
 * The virtualizer's options for `count` rows of about `estimateRowHeight` pixels in a scrolling element.
 * With the element's `viewHeight` the first draw, made before the element exists, holds the rows in
 * view: the element's real size, read once it appears, then changes nothing and no second draw of the
 * list follows. Without it that first draw holds no row, and the whole screenful is drawn at once,
 * synchronously, when the element reports its size, which undoes a list drawn in a transition's slices.
 */
export function virtualRowsOptions<E extends Element>(
  count: number,
  estimateRowHeight: number,
  getScrollElement: () => E | null,
  viewHeight: ViewHeight | undefined,
  windowHeight: number,
): RowsOptions<E> {
  return {
    count,
    getScrollElement,
    estimateSize: () => estimateRowHeight,
    overscan: OVERSCAN,
    ...(viewHeight === undefined
      ? {}
      : { initialRect: { width: 0, height: pixelsOf(viewHeight, windowHeight) } }),
  };
}
