import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Clock, DAY, HOUR, isoSeconds, MINUTE, SECOND } from './clock.js';
import { Store } from './store/store.js';
import { FIXED_NOW } from './test-support/fixtures.js';

const T0 = FIXED_NOW;

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

describe('Clock: a move commits or rolls back with its transaction', () => {
  let store: Store;
  let clock: Clock;
  let heard: [number, number][];
  beforeEach(() => {
    store = new Store({ kind: 'memory' });
    clock = new Clock(store.meta, () => T0);
    heard = [];
    clock.onMove((now, previous) => heard.push([now, previous]));
  });
  afterEach(() => store.close());

  /** The offset as the database holds it, read on a fresh clock. */
  const persisted = () => new Clock(store.meta, () => T0).offset;

  it('inside a transaction, now() already answers the moved time; listeners hear of it after the commit', () => {
    store.transaction(() => {
      clock.advance(HOUR);
      expect(clock.now()).toBe(T0 + HOUR);
      expect(clock.offset).toBe(HOUR);
      expect(clock.nowIso()).toBe('2026-05-15T13:00:00Z');
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([[T0 + HOUR, T0]]);
    expect(clock.now()).toBe(T0 + HOUR);
    expect(persisted()).toBe(HOUR);
  });

  it('a rolled-back move leaves the offset, the stored offset and the listeners untouched', () => {
    clock.advance(MINUTE);
    heard.length = 0;
    expect(() =>
      store.transaction(() => {
        clock.advance(DAY);
        expect(clock.now()).toBe(T0 + MINUTE + DAY);
        throw new Error('request failed');
      }),
    ).toThrow('request failed');
    expect(clock.offset).toBe(MINUTE);
    expect(clock.now()).toBe(T0 + MINUTE);
    expect(persisted()).toBe(MINUTE);
    expect(heard).toEqual([]);
  });

  it('a rolled-back reset and setTo leave the offset too', () => {
    clock.advance(DAY);
    heard.length = 0;
    for (const move of [() => clock.reset(), () => clock.setTo(T0 + 5 * DAY)]) {
      expect(() =>
        store.transaction(() => {
          move();
          throw new Error('undone');
        }),
      ).toThrow('undone');
      expect(clock.offset).toBe(DAY);
      expect(persisted()).toBe(DAY);
    }
    expect(heard).toEqual([]);
  });

  it('a move in a rolled-back savepoint is undone alone; the commit tells the listeners once, the net move', () => {
    store.transaction(() => {
      clock.advance(HOUR);
      expect(() =>
        store.transaction(() => {
          clock.advance(DAY);
          throw new Error('inner');
        }),
      ).toThrow('inner');
      expect(clock.offset).toBe(HOUR);
      clock.advance(MINUTE);
    });
    expect(clock.offset).toBe(HOUR + MINUTE);
    expect(persisted()).toBe(HOUR + MINUTE);
    expect(heard).toEqual([[T0 + HOUR + MINUTE, T0]]);
  });

  it("inside a request's commit group: the work answers the moved time, the event follows the COMMIT", async () => {
    const answered = store.db.grouped(() => {
      clock.advance(2 * HOUR);
      return { now: clock.nowIso(), offset: clock.offset };
    });
    expect(store.db.db.isTransaction).toBe(true); // the group has not committed yet
    expect(heard).toEqual([]);
    expect(await answered).toEqual({ now: '2026-05-15T14:00:00Z', offset: 2 * HOUR });
    expect(heard).toEqual([[T0 + 2 * HOUR, T0]]);
    expect(persisted()).toBe(2 * HOUR);
  });

  it('a failing work of the group rolls back its move; a failing COMMIT rolls back every move of the group', async () => {
    const failing = store.db.grouped(() => {
      clock.advance(DAY);
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    expect(clock.offset).toBe(0);

    store.db.db.exec(
      'CREATE TABLE parents (id INTEGER PRIMARY KEY); ' +
        'CREATE TABLE children (parent INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const moved = store.db.grouped(() => clock.advance(HOUR));
    const orphan = store.db.grouped(() => store.db.write('INSERT INTO children VALUES (42)').run());
    expect(clock.offset).toBe(HOUR);
    await expect(moved).rejects.toThrow(/FOREIGN KEY/);
    await expect(orphan).rejects.toThrow(/FOREIGN KEY/);
    expect(clock.offset).toBe(0);
    expect(clock.now()).toBe(T0);
    expect(persisted()).toBe(0);
    expect(heard).toEqual([]);
  });

  it('duringMove listeners run inside the moving transaction, at the new time; their writes go with it', () => {
    const seen: { now: number; previous: number; inTransaction: boolean; clockNow: number }[] = [];
    clock.duringMove((now, previous) => {
      seen.push({ now, previous, inTransaction: store.db.inTransaction, clockNow: clock.now() });
      store.meta.set('written-during-move', String(now));
    });
    clock.advance(HOUR);
    expect(seen).toEqual([{ now: T0 + HOUR, previous: T0, inTransaction: true, clockNow: T0 + HOUR }]);
    expect(store.meta.get('written-during-move')).toBe(String(T0 + HOUR));
    expect(() =>
      store.transaction(() => {
        clock.advance(HOUR);
        throw new Error('undone');
      }),
    ).toThrow('undone');
    expect(store.meta.get('written-during-move')).toBe(String(T0 + HOUR));
  });

  it('a listener that moves the clock again is heard of after that commit too', () => {
    const off = clock.onMove(() => {
      off();
      clock.advance(MINUTE);
    });
    clock.advance(HOUR);
    expect(clock.offset).toBe(HOUR + MINUTE);
    expect(heard).toEqual([
      [T0 + HOUR, T0],
      [T0 + HOUR + MINUTE, T0 + HOUR],
    ]);
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
