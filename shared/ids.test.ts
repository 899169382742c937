import { afterEach, describe, expect, it, vi } from 'vitest';
import { ID_PATTERNS, newOrderId } from './ids.js';

describe('order ids', () => {
  afterEach(() => vi.useRealTimers());

  it('are 17 capital letters and digits, as the path pattern takes them', () => {
    for (let i = 0; i < 1000; i++) {
      const id = newOrderId();
      expect(id).toMatch(/^[A-Z0-9]{17}$/);
      expect(id).toMatch(ID_PATTERNS.orderId);
    }
  });

  it('sort by the millisecond they were made in, so new ones append to the primary key', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const made: string[] = [];
    for (let ms = 0; ms < 200; ms++) {
      vi.setSystemTime(Date.UTC(2032, 10, 28, 6, 0, 0, ms * 7));
      made.push(newOrderId(), newOrderId());
    }
    // Text order is the order SQLite's BINARY collation and the index keep them in.
    const byMillisecond = (id: string) => id.slice(0, 8);
    expect(made.map(byMillisecond)).toEqual([...made].sort().map(byMillisecond));
    expect(new Set(made).size).toBe(made.length);
  });

  it('keep a random part, so an id cannot be told from the ones made just before it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2033, 0, 1));
    const tails = new Set(Array.from({ length: 500 }, () => newOrderId().slice(8)));
    expect(tails.size).toBe(500);
  });

  it('never go back within a process when the wall clock does', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2034, 0, 1, 12));
    const before = newOrderId();
    vi.setSystemTime(Date.UTC(2034, 0, 1, 11));
    expect(newOrderId().slice(0, 8) >= before.slice(0, 8)).toBe(true);
  });
});
