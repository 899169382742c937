import { describe, expect, it } from 'vitest';
import { rels } from '../../test-support/test-kit.js';
import { FULL_PAGE_LINKS, pageCount, pageLinks, pageOffset, readPage, type PageLinkRule } from './paging.js';

const pageOf = (href: string) => new URL(href).searchParams.get('page');

describe('paging', () => {
  it('reads page, page_size and totals with the group defaults; absent, empty and 0 take the default', () => {
    expect(readPage({}, { defaultPageSize: 10 })).toEqual({
      page: 1,
      pageSize: 10,
      totalRequired: false,
      firstPage: 1,
    });
    expect(
      readPage({ page: '3', page_size: '0', total_required: 'TRUE' }, { defaultPageSize: 7 }),
    ).toMatchObject({
      page: 3,
      pageSize: 7,
      totalRequired: true,
    });
    const legacy = readPage(
      { total_required: 'yes' },
      { defaultPageSize: 10, firstPage: 0, totalWord: 'yes' },
    );
    expect(legacy).toMatchObject({ page: 0, totalRequired: true });
    expect(
      readPage({ total_count_required: true }, { defaultPageSize: 5, totalParam: 'total_count_required' }),
    ).toMatchObject({ totalRequired: true });
  });

  it('counts offsets from the first page and gives an empty list one page', () => {
    expect(pageOffset(readPage({ page: 3, page_size: 20 }, { defaultPageSize: 10 }))).toBe(40);
    expect(pageOffset(readPage({ page: 3, page_size: 20 }, { defaultPageSize: 10, firstPage: 0 }))).toBe(60);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });

  it('writes self, first and prev past the first page, next and last before the last', () => {
    const at = (page: number) =>
      pageLinks({
        baseUrl: 'http://h',
        path: '/v1/things',
        request: readPage({ page }, { defaultPageSize: 10 }),
        total: 25,
        params: { q: 'a b&c', page_size: 10, page },
        rules: FULL_PAGE_LINKS,
      });
    expect(rels(at(1))).toEqual(['self', 'next', 'last']);
    expect(rels(at(2))).toEqual(['self', 'first', 'prev', 'next', 'last']);
    expect(rels(at(3))).toEqual(['self', 'first', 'prev']);
    const [self, , prev] = at(2);
    // Parameters keep their order, `page` in its place; values are encoded by URLSearchParams.
    expect(self?.href).toBe('http://h/v1/things?q=a%20b%26c&page_size=10&page=2');
    expect(pageOf(prev!.href)).toBe('1');
  });

  it('takes the group rel names and its rules for pages past the end', () => {
    const rules: PageLinkRule[] = [
      { step: 'first', always: true, rel: 'start' },
      { step: 'prev', rel: 'previous', clampToLast: true },
      { step: 'last', always: true },
    ];
    const links = pageLinks({
      baseUrl: '',
      path: '/x',
      request: readPage({ page: 9 }, { defaultPageSize: 10 }),
      total: 25,
      params: { flag: false, skipped: undefined },
      rules,
    });
    expect(rels(links)).toEqual(['start', 'previous', 'last']);
    expect(links.map((l) => l.href)).toEqual(['/x?page=1', '/x?page=3', '/x?page=3']);
    const within = pageLinks({
      baseUrl: '',
      path: '/x',
      request: readPage({ page: 9 }, { defaultPageSize: 10 }),
      total: 25,
      params: {},
      rules: [{ step: 'prev', onlyWithinPages: true }],
    });
    expect(within).toEqual([]);
  });
});
