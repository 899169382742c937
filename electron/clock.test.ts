import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock, DAY, HOUR, isoSeconds, MINUTE, SECOND } from './clock.js';
import { Store } from './store/store.js';

const T0 = Date.parse('2026-05-15T12:00:00Z');

describe('Clock: real time plus a persisted offset', () => {
  let store: Store;
  let real: number;
  let clock: Clock;
  beforeEach(() => {
    store = new Store({ kind: 'memory' });
    real = T0;
    clock = new Clock(store.meta, () => real);
  });
  afterEach(() => store.close());

  it('starts at real time with no offset', () => {
    expect(clock.now()).toBe(T0);
    expect(clock.offset).toBe(0);
    expect(clock.nowIso()).toBe('2026-05-15T12:00:00Z');
  });

  it('follows real time as it passes', () => {
    clock.advance(HOUR);
    real += 5 * SECOND;
    expect(clock.now()).toBe(T0 + HOUR + 5 * SECOND);
    expect(clock.offset).toBe(HOUR);
  });

  it('advance adds up and is persisted in the workspace meta', () => {
    clock.advance(DAY);
    clock.advance(30 * MINUTE);
    expect(clock.now()).toBe(T0 + DAY + 30 * MINUTE);
    expect(store.meta.get('clock.offset_ms')).toBe(String(DAY + 30 * MINUTE));
    // Another clock on the same workspace reads the offset back.
    expect(new Clock(store.meta, () => real).now()).toBe(T0 + DAY + 30 * MINUTE);
  });

  it('advance(0) keeps the time but still notifies', () => {
    const seen: number[] = [];
    clock.onMove((now) => seen.push(now));
    clock.advance(0);
    expect(clock.now()).toBe(T0);
    expect(seen).toEqual([T0]);
  });

  it.each([
    ['a negative step', -1],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
  ])('refuses %s (time only moves forward)', (_label, ms) => {
    clock.advance(MINUTE);
    const seen: number[] = [];
    clock.onMove((now) => seen.push(now));
    expect(() => clock.advance(ms)).toThrow(RangeError);
    expect(clock.offset).toBe(MINUTE);
    expect(store.meta.get('clock.offset_ms')).toBe(String(MINUTE));
    expect(seen).toEqual([]);
  });

  it('setTo moves to a later instant, and refuses an earlier one', () => {
    clock.setTo(T0 + 3 * DAY);
    expect(clock.now()).toBe(T0 + 3 * DAY);
    expect(() => clock.setTo(T0 + DAY)).toThrow(RangeError);
    expect(clock.now()).toBe(T0 + 3 * DAY);
  });

  it('listeners get the new and the previous time; unsubscribe stops them', () => {
    const seen: [number, number][] = [];
    const off = clock.onMove((now, previous) => seen.push([now, previous]));
    clock.advance(HOUR);
    clock.setTo(T0 + 2 * HOUR);
    off();
    clock.advance(HOUR);
    expect(seen).toEqual([
      [T0 + HOUR, T0],
      [T0 + 2 * HOUR, T0 + HOUR],
    ]);
  });

  it('reset goes back to real time, persists it and notifies', () => {
    clock.advance(10 * DAY);
    const seen: [number, number][] = [];
    clock.onMove((now, previous) => seen.push([now, previous]));
    clock.reset();
    expect(clock.now()).toBe(T0);
    expect(clock.offset).toBe(0);
    expect(store.meta.get('clock.offset_ms')).toBe('0');
    expect(seen).toEqual([[T0, T0 + 10 * DAY]]);
  });

  it('keeps its offset across a reopened workspace on disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clock-test-'));
    try {
      const first = new Store({ kind: 'dir', dir });
      new Clock(first.meta, () => real).advance(7 * DAY + 5 * SECOND);
      first.close();
      const second = new Store({ kind: 'dir', dir });
      const reopened = new Clock(second.meta, () => real + MINUTE);
      expect(reopened.offset).toBe(7 * DAY + 5 * SECOND);
      expect(reopened.now()).toBe(T0 + MINUTE + 7 * DAY + 5 * SECOND);
      second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('isoSeconds', () => {
  it.each([
    [T0, '2026-05-15T12:00:00Z'],
    [T0 + 999, '2026-05-15T12:00:00Z'], // truncated, not rounded
    [T0 + 1_000, '2026-05-15T12:00:01Z'],
    [Date.parse('2028-02-29T23:59:59.999Z'), '2028-02-29T23:59:59Z'],
    [0, '1970-01-01T00:00:00Z'],
  ])('%s -> %s', (ms, iso) => {
    expect(isoSeconds(ms)).toBe(iso);
  });

  it('the unit constants', () => {
    expect([SECOND, MINUTE, HOUR, DAY]).toEqual([1_000, 60_000, 3_600_000, 86_400_000]);
  });
});
