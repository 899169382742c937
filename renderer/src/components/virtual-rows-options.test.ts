import { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { OVERSCAN, pixelsOf, virtualRowsOptions, type ViewHeight } from './virtual-rows-options';

/** The rows a virtualizer with these options draws first, before its scrolling element exists. */
function firstDraw(viewHeight: ViewHeight | undefined, rows = 100_000, rowHeight = 41): number[] {
  const virtualizer = new Virtualizer<HTMLElement, Element>({
    ...virtualRowsOptions<HTMLElement>(rows, rowHeight, () => null, viewHeight, 900),
    scrollToFn: () => {},
    observeElementRect: () => {},
    observeElementOffset: () => {},
  });
  return virtualizer.getVirtualItems().map((item) => item.index);
}

describe('the first draw of a virtualized list', () => {
  it('holds the rows in view of the element the page sizes (70vh of a 900 px window, 41 px rows)', () => {
    // 630 px show 16 rows (the last in part), and the overscan follows them.
    const drawn = firstDraw('70vh');
    expect(drawn).toEqual(Array.from({ length: 16 + OVERSCAN }, (_, i) => i));
  });

  it('holds no row when the element height is not told', () => {
    // The whole screenful then comes in a second, synchronous draw once the element reports its size.
    expect(firstDraw(undefined)).toEqual([]);
  });

  it('draws no more rows than the list has', () => {
    expect(firstDraw('70vh', 5)).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('pixelsOf', () => {
  it('reads vh against the window and takes pixels as they are', () => {
    expect(pixelsOf('70vh', 900)).toBe(630);
    expect(pixelsOf('65vh', 1000)).toBe(650);
    expect(pixelsOf(360, 900)).toBe(360);
  });
});
