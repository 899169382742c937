import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Clock, MINUTE, SECOND } from './clock.js';
import { replayable, Scheduler, type JobRun, type Logger } from './scheduler.js';
import { OutsideTransactionError } from './store/outside-transaction-error.js';
import { Store } from './store/store.js';
import { FIXED_NOW } from './test-support/fixtures.js';

const T0 = FIXED_NOW;

interface World {
  store: Store;
  clock: Clock;
  scheduler: Scheduler;
  logger: Logger & { errors: string[] };
  /** Moves the fake real-time source (what passes without the clock helper). */
  passRealTime(ms: number): void;
}

function world(store = new Store({ kind: 'memory' }), startAt = T0): World {
  let real = startAt;
  const clock = new Clock(store.meta, () => real);
  const errors: string[] = [];
  const logger = { errors, info: () => {}, error: (message: string) => void errors.push(message) };
  const scheduler = new Scheduler(store, clock, logger);
  return { store, clock, scheduler, logger, passRealTime: (ms) => void (real += ms) };
}

describe('Scheduler: persisted due jobs on the simulated clock', () => {
  let w: World;
  let ran: { kind: string; payload: unknown; run: JobRun }[];
  const record = (kind: string) => (payload: unknown, run: JobRun) => void ran.push({ kind, payload, run });

  beforeEach(() => {
    w = world();
    ran = [];
  });
  afterEach(() => {
    w.scheduler.stop();
    w.store.close();
  });

  it('runs each job under a clock pinned to its due time; the clock itself stays where the move ended', () => {
    const seen: { kind: string; now: number; clockTime: number }[] = [];
    const look = (kind: string) => () =>
      void seen.push({ kind, now: w.clock.now(), clockTime: w.clock.clockTime() });
    w.scheduler.register('a', look('a'));
    w.scheduler.register('b', look('b'));
    w.store.transaction(() => {
      w.scheduler.schedule('a', T0 + MINUTE, {});
      w.scheduler.schedule('b', T0 + 5 * MINUTE, {});
    });
    w.clock.advance(60 * MINUTE);
    expect(seen).toEqual([
      { kind: 'a', now: T0 + MINUTE, clockTime: T0 + 60 * MINUTE },
      { kind: 'b', now: T0 + 5 * MINUTE, clockTime: T0 + 60 * MINUTE },
    ]);
    expect(w.clock.now()).toBe(T0 + 60 * MINUTE);
  });

  it('runs nothing before a job is due', () => {
    w.scheduler.register('a', record('a'));
    w.store.transaction(() => {
      w.scheduler.schedule('a', T0 + MINUTE, {});
    });
    expect(w.scheduler.runDue()).toBe(0);
    w.clock.advance(MINUTE - 1);
    expect(ran).toEqual([]);
    expect(w.store.jobs.listPending()).toHaveLength(1);
  });

  it('runs jobs in due order when the clock passes them, each with its payload, due time and now', () => {
    for (const kind of ['a', 'b', 'c', 'd']) w.scheduler.register(kind, record(kind));
    // Scheduled out of order.
    w.store.transaction(() => {
      w.scheduler.schedule('c', T0 + 30 * MINUTE, { n: 3 });
      w.scheduler.schedule('a', T0 + 10 * MINUTE, { n: 1 });
      w.scheduler.schedule('d', T0 + 60 * MINUTE, { n: 4 });
      w.scheduler.schedule('b', T0 + 20 * MINUTE, { n: 2 });
    });

    w.clock.advance(45 * MINUTE); // the clock's listener runs what fell due
    expect(ran.map((r) => r.kind)).toEqual(['a', 'b', 'c']);
    expect(ran.map((r) => r.payload)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(ran.map((r) => r.run.dueAt)).toEqual([T0 + 10 * MINUTE, T0 + 20 * MINUTE, T0 + 30 * MINUTE]);
    for (const r of ran) expect(r.run.now).toBe(T0 + 45 * MINUTE);
    expect(w.store.jobs.listPending().map((j) => j.kind)).toEqual(['d']);
    expect(w.scheduler.jobsRun).toBe(3);

    w.clock.advance(15 * MINUTE); // exactly at d's due time
    expect(ran.map((r) => r.kind)).toEqual(['a', 'b', 'c', 'd']);
    expect(w.store.jobs.listPending()).toEqual([]);
  });

  it('a job that schedules another already-due job sees it run in the same pass', () => {
    w.scheduler.register('first', (payload, run) => {
      ran.push({ kind: 'first', payload, run });
      w.scheduler.schedule('second', run.dueAt, { from: 'first' });
      w.scheduler.schedule('later', run.now + MINUTE, {});
    });
    w.scheduler.register('second', record('second'));
    w.scheduler.register('later', record('later'));
    w.store.transaction(() => {
      w.scheduler.schedule('first', T0 + SECOND, {});
    });
    w.passRealTime(10 * SECOND);
    expect(w.scheduler.runDue()).toBe(2);
    expect(ran.map((r) => r.kind)).toEqual(['first', 'second']);
    expect(ran[1]?.payload).toEqual({ from: 'first' });
    expect(w.store.jobs.listPending().map((j) => j.kind)).toEqual(['later']);
  });

  it('jobs listed together see what an earlier one did: cancelled or moved later they do not run, made due sooner they run in order', () => {
    w.scheduler.register('first', (payload, run) => {
      ran.push({ kind: 'first', payload, run });
      w.scheduler.cancel('key:cancelled');
      w.scheduler.schedule('moved', T0 + 10 * MINUTE, { v: 'moved later' }, 'key:moved');
      w.scheduler.schedule('sooner', T0 + 2 * SECOND, { v: 'made by first' });
    });
    for (const kind of ['cancelled', 'moved', 'sooner', 'last']) w.scheduler.register(kind, record(kind));
    w.store.transaction(() => {
      w.scheduler.schedule('first', T0 + SECOND, {});
      w.scheduler.schedule('cancelled', T0 + 3 * SECOND, {}, 'key:cancelled');
      w.scheduler.schedule('moved', T0 + 4 * SECOND, { v: 'as listed' }, 'key:moved');
      w.scheduler.schedule('last', T0 + 5 * SECOND, {});
    });
    w.passRealTime(10 * SECOND);
    expect(w.scheduler.runDue()).toBe(3);
    expect(ran.map((r) => r.kind)).toEqual(['first', 'sooner', 'last']);
    expect(w.store.jobs.listPending()).toMatchObject([
      { kind: 'moved', due_at: T0 + 10 * MINUTE, payload: { v: 'moved later' } },
    ]);
  });

  it('a job that moves the clock does not re-enter; what became due runs in the same pass', () => {
    w.scheduler.register('jump', (payload, run) => {
      ran.push({ kind: 'jump', payload, run });
      w.clock.advance(MINUTE);
    });
    w.scheduler.register('after', record('after'));
    w.store.transaction(() => {
      w.scheduler.schedule('jump', T0, {});
      w.scheduler.schedule('after', T0 + 30 * SECOND, {});
    });
    expect(w.scheduler.runDue()).toBe(2);
    expect(ran.map((r) => r.kind)).toEqual(['jump', 'after']);
    expect(ran[1]?.run.now).toBe(T0 + MINUTE);
  });

  it('a failing job does not block the others; its writes are rolled back and it is not retried', () => {
    w.scheduler.register('bad', () => {
      w.store.meta.set('written-by-bad', 'yes');
      throw new Error('boom');
    });
    w.scheduler.register('good', (payload, run) => {
      w.store.meta.set('written-by-good', 'yes');
      ran.push({ kind: 'good', payload, run });
    });
    w.store.transaction(() => {
      w.scheduler.schedule('bad', T0 + SECOND, {});
      w.scheduler.schedule('good', T0 + 2 * SECOND, {});
      w.scheduler.schedule('bad', T0 + 3 * SECOND, {});
      w.scheduler.schedule('good', T0 + 4 * SECOND, {});
    });

    w.clock.advance(MINUTE);
    expect(ran.map((r) => r.kind)).toEqual(['good', 'good']);
    expect(w.store.meta.get('written-by-good')).toBe('yes');
    expect(w.store.meta.get('written-by-bad')).toBeUndefined();
    expect(w.logger.errors.filter((e) => e.includes('bad'))).toHaveLength(2);
    expect(w.store.jobs.listPending()).toEqual([]);
    // Nothing comes back on the next pass.
    w.clock.advance(MINUTE);
    expect(ran).toHaveLength(2);
  });

  it('a failing job inside a caller transaction rolls back only its own writes', () => {
    w.scheduler.register('bad', () => {
      w.store.meta.set('written-by-bad', 'yes');
      throw new Error('boom');
    });
    w.store.transaction(() => {
      w.scheduler.schedule('bad', T0 + SECOND, {});
    });
    w.store.transaction(() => {
      w.store.meta.set('written-by-request', 'yes');
      w.clock.advance(MINUTE);
    });
    expect(w.store.meta.get('written-by-request')).toBe('yes');
    expect(w.store.meta.get('written-by-bad')).toBeUndefined();
    expect(w.store.jobs.listPending()).toEqual([]);
  });

  it('a job of an unknown kind is dropped and logged, and does not block the others', () => {
    w.scheduler.register('known', record('known'));
    w.store.transaction(() => {
      w.scheduler.schedule('unknown', T0 + SECOND, {});
      w.scheduler.schedule('known', T0 + 2 * SECOND, {});
    });
    w.clock.advance(MINUTE);
    expect(ran.map((r) => r.kind)).toEqual(['known']);
    expect(w.logger.errors.some((e) => e.includes('unknown'))).toBe(true);
    expect(w.store.jobs.listPending()).toEqual([]);
  });

  it('a unique key keeps one pending job, at the latest time given; cancel removes it', () => {
    w.scheduler.register('expire', record('expire'));
    w.store.transaction(() => {
      w.scheduler.schedule('expire', T0 + MINUTE, { v: 1 }, 'expiry:X');
      w.scheduler.schedule('expire', T0 + 5 * MINUTE, { v: 2 }, 'expiry:X');
    });
    const pending = w.store.jobs.listPending();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ due_at: T0 + 5 * MINUTE, payload: { v: 2 }, unique_key: 'expiry:X' });
    w.clock.advance(2 * MINUTE);
    expect(ran).toEqual([]);
    w.store.transaction(() => {
      w.scheduler.cancel('expiry:X');
    });
    w.clock.advance(10 * MINUTE);
    expect(ran).toEqual([]);
    expect(w.store.jobs.listPending()).toEqual([]);
  });

  it("a job's own unique key, cancelled or scheduled again while it runs, ends as the run left it", () => {
    // Each handler works on its own key: cancels it, schedules it again, or schedules then cancels it.
    w.scheduler.register('cancel-own', () => w.scheduler.cancel('own:cancel'));
    w.scheduler.register('again', (_payload, run) =>
      w.scheduler.schedule('again', run.now + MINUTE, { v: 'again' }, 'own:again'),
    );
    w.scheduler.register('again-then-cancel', (_payload, run) => {
      w.scheduler.schedule('again-then-cancel', run.now + MINUTE, {}, 'own:both');
      w.scheduler.cancel('own:both');
    });
    w.store.transaction(() => {
      w.scheduler.schedule('cancel-own', T0 + SECOND, {}, 'own:cancel');
      w.scheduler.schedule('again', T0 + 2 * SECOND, {}, 'own:again');
      w.scheduler.schedule('again-then-cancel', T0 + 3 * SECOND, {}, 'own:both');
    });
    w.clock.advance(10 * SECOND);
    expect(w.store.jobs.listPending()).toMatchObject([
      { kind: 'again', unique_key: 'own:again', payload: { v: 'again' } },
    ]);
    // A cancel after the run reaches the key's new job.
    w.store.transaction(() => w.scheduler.cancel('own:again'));
    expect(w.store.jobs.listPending()).toEqual([]);
  });

  it('runs due jobs as real time passes, on its tick', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      w.scheduler.register('tick', record('tick'));
      w.store.transaction(() => {
        w.scheduler.schedule('tick', T0 + 5 * SECOND, {});
      });
      w.scheduler.start(1_000);
      vi.advanceTimersByTime(3_000);
      expect(ran).toEqual([]); // the real-time source has not moved
      w.passRealTime(5 * SECOND);
      vi.advanceTimersByTime(1_000);
      expect(ran.map((r) => r.kind)).toEqual(['tick']);
      w.scheduler.stop();
      w.store.transaction(() => {
        w.scheduler.schedule('tick', T0 + 6 * SECOND, {});
      });
      w.passRealTime(5 * SECOND);
      vi.advanceTimersByTime(5_000);
      expect(ran).toHaveLength(1); // stopped: no tick
    } finally {
      vi.useRealTimers();
    }
  });

  it('persisted jobs survive reopening the store, with their payload and due time', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scheduler-test-'));
    try {
      const first = world(new Store({ kind: 'dir', dir }));
      first.store.transaction(() => {
        first.scheduler.schedule(
          'persisted',
          T0 + 10 * MINUTE,
          { id: 'AUTH1', amount: '10.00' },
          'persisted:AUTH1',
        );
        first.scheduler.schedule('persisted', T0 + 20 * MINUTE, { id: 'AUTH2' });
      });
      first.clock.advance(MINUTE);
      first.store.close();

      const second = world(new Store({ kind: 'dir', dir }));
      expect(second.clock.offset).toBe(MINUTE);
      expect(second.store.jobs.listPending().map((j) => j.payload)).toEqual([
        { id: 'AUTH1', amount: '10.00' },
        { id: 'AUTH2' },
      ]);
      second.scheduler.register('persisted', record('persisted'));
      second.clock.advance(10 * MINUTE);
      expect(ran.map((r) => r.payload)).toEqual([{ id: 'AUTH1', amount: '10.00' }]);
      expect(ran[0]?.run.dueAt).toBe(T0 + 10 * MINUTE);
      second.clock.advance(10 * MINUTE);
      expect(ran.map((r) => r.payload)).toEqual([{ id: 'AUTH1', amount: '10.00' }, { id: 'AUTH2' }]);
      second.store.close();

      // What ran is gone for good.
      const third = world(new Store({ kind: 'dir', dir }));
      expect(third.store.jobs.listPending()).toEqual([]);
      third.store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Scheduler: the jobs a clock move makes due run inside the move', () => {
  let w: World;
  beforeEach(() => {
    w = world();
  });
  afterEach(() => {
    w.scheduler.stop();
    w.store.close();
  });

  /** What the clock test helper does inside a request's commit group (SandboxControl.moveClock). */
  const moveClock = (seconds: number) => {
    const before = w.scheduler.jobsRun;
    w.clock.advance(seconds * SECOND);
    return { now: w.clock.now(), jobs_run: w.scheduler.jobsRun - before };
  };

  it("in a request's commit group: the answer has the new time and the jobs that ran; the event follows the COMMIT", async () => {
    const steps: string[] = [];
    w.clock.onMove((now) => steps.push(`clock-moved ${now - T0}`));
    w.scheduler.register('expire', (_payload, run) => {
      steps.push(`expire at ${run.now - T0}`);
      w.store.meta.set('expired', 'yes');
      w.store.db.afterCommit(() => steps.push('expire event'));
    });
    w.store.transaction(() => w.scheduler.schedule('expire', T0 + MINUTE, {}));
    const answered = w.store.db.grouped(() => moveClock(120));
    // The work ran to the end (jobs included) before the group's COMMIT.
    expect(steps).toEqual(['expire at 120000']);
    expect(await answered).toEqual({ now: T0 + 2 * MINUTE, jobs_run: 1 });
    // After the COMMIT: the jobs' after-commit work, then the host event, as when each committed alone.
    expect(steps).toEqual(['expire at 120000', 'expire event', 'clock-moved 120000']);
    expect(w.store.meta.get('expired')).toBe('yes');
    expect(w.store.jobs.listPending()).toEqual([]);
  });

  it('a rolled-back move undoes the jobs it ran: they stay pending, their writes and events are gone', () => {
    const events: string[] = [];
    w.clock.onMove(() => events.push('clock-moved'));
    w.scheduler.register('expire', () => {
      w.store.meta.set('expired', 'yes');
      w.store.db.afterCommit(() => events.push('expire event'));
    });
    w.store.transaction(() => w.scheduler.schedule('expire', T0 + MINUTE, {}));
    expect(() =>
      w.store.transaction(() => {
        expect(moveClock(120).jobs_run).toBe(1);
        throw new Error('request failed');
      }),
    ).toThrow('request failed');
    expect(w.clock.offset).toBe(0);
    expect(w.store.meta.get('expired')).toBeUndefined();
    expect(w.store.jobs.listPending().map((j) => j.kind)).toEqual(['expire']);
    expect(events).toEqual([]);
    // The next move runs it for real.
    w.clock.advance(2 * MINUTE);
    expect(w.store.meta.get('expired')).toBe('yes');
    expect(events).toEqual(['expire event', 'clock-moved']);
  });

  it('on the real-time tick (no transaction open), a failing job is dropped in a transaction of its own', () => {
    w.scheduler.register('bad', () => {
      throw new Error('boom');
    });
    w.store.transaction(() => w.scheduler.schedule('bad', T0 + SECOND, {}));
    w.passRealTime(MINUTE);
    expect(w.store.db.inTransaction).toBe(false);
    expect(w.scheduler.runDue()).toBe(1);
    expect(w.logger.errors).toEqual([expect.stringContaining('job bad')]);
    expect(w.store.jobs.listPending()).toEqual([]);
  });

  describe('replayable jobs (run many in one savepoint)', () => {
    /** A replayable job that counts its committed runs in the store, as `count:<id>`. */
    const counting = (fail: (id: string) => boolean) =>
      replayable((payload) => {
        const id = String((payload as { id: string }).id);
        const key = `count:${id}`;
        w.store.meta.set(key, String(Number(w.store.meta.get(key) ?? '0') + 1));
        if (fail(id)) throw new Error(`boom ${id}`);
      });
    const counts = (ids: string[]) => ids.map((id) => w.store.meta.get(`count:${id}`));

    it('run in due order, each once, under its own due time, however many share a page', () => {
      const seen: number[] = [];
      w.scheduler.register(
        'r',
        replayable(() => void seen.push(w.clock.now())),
      );
      w.store.transaction(() => {
        // More than the largest page: listed in pages that grow as they run to their end.
        for (let i = 6_500; i >= 1; i--) w.scheduler.schedule('r', T0 + i * SECOND, { i });
      });
      w.clock.advance(2 * 60 * MINUTE);
      expect(seen).toEqual(Array.from({ length: 6_500 }, (_, i) => T0 + (i + 1) * SECOND));
      expect(w.store.jobs.listPending()).toEqual([]);
    });

    it('a failing one is dropped alone: the others of its savepoint commit once, its writes are rolled back', () => {
      w.scheduler.register(
        'r',
        counting((id) => id === 'b' || id === 'e'),
      );
      const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
      w.store.transaction(() => {
        ids.forEach((id, i) => w.scheduler.schedule('r', T0 + (i + 1) * SECOND, { id }));
      });
      w.store.transaction(() => {
        w.store.meta.set('written-by-request', 'yes');
        expect(w.scheduler.runDue()).toBe(0);
        w.clock.advance(MINUTE);
      });
      expect(counts(ids)).toEqual(['1', undefined, '1', '1', undefined, '1']);
      expect(w.store.meta.get('written-by-request')).toBe('yes');
      expect(w.logger.errors).toEqual([expect.stringContaining('job r'), expect.stringContaining('job r')]);
      expect(w.store.jobs.listPending()).toEqual([]);
      w.clock.advance(MINUTE);
      expect(counts(ids)).toEqual(['1', undefined, '1', '1', undefined, '1']);
    });

    it('on the real-time tick they commit together too, and a failing one is dropped alone', () => {
      w.scheduler.register(
        'r',
        counting((id) => id === 'b'),
      );
      w.store.transaction(() => {
        ['a', 'b', 'c'].forEach((id, i) => w.scheduler.schedule('r', T0 + (i + 1) * SECOND, { id }));
      });
      w.passRealTime(MINUTE);
      expect(w.scheduler.runDue()).toBe(3);
      expect(counts(['a', 'b', 'c'])).toEqual(['1', undefined, '1']);
      expect(w.logger.errors).toHaveLength(1);
    });

    it('one that makes another job due runs it next, before the later ones of its page', () => {
      const order: string[] = [];
      w.scheduler.register(
        'first',
        replayable(() => {
          order.push('first');
          w.scheduler.schedule('chained', w.clock.now() + SECOND, {});
        }),
      );
      w.scheduler.register(
        'chained',
        replayable(() => void order.push('chained')),
      );
      w.scheduler.register(
        'later',
        replayable(() => void order.push('later')),
      );
      w.store.transaction(() => {
        w.scheduler.schedule('first', T0 + SECOND, {});
        w.scheduler.schedule('later', T0 + 10 * SECOND, {});
      });
      w.clock.advance(MINUTE);
      expect(order).toEqual(['first', 'chained', 'later']);
    });

    it('mixed with jobs of other handlers, everything runs in due order', () => {
      const order: number[] = [];
      const note = (payload: unknown) => void order.push((payload as { i: number }).i);
      w.scheduler.register('plain', note);
      w.scheduler.register('r', replayable(note));
      w.store.transaction(() => {
        ['r', 'r', 'plain', 'r', 'plain', 'plain', 'r'].forEach((kind, i) =>
          w.scheduler.schedule(kind, T0 + (i + 1) * SECOND, { i }),
        );
      });
      w.clock.advance(MINUTE);
      expect(order).toEqual([0, 1, 2, 3, 4, 5, 6]);
    });
  });

  it('on disk, a pass through more than a page of due jobs runs with the large page cache, a short one without', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scheduler-cache-'));
    const disk = world(new Store({ kind: 'dir', dir }));
    try {
      const caches = new Set<number>();
      const cacheKib = () =>
        -Number((disk.store.db.db.prepare('PRAGMA cache_size').get() as { cache_size: number }).cache_size);
      disk.scheduler.register(
        'r',
        replayable(() => void caches.add(cacheKib())),
      );
      disk.store.transaction(() => {
        for (let i = 1; i <= 3; i++) disk.scheduler.schedule('r', T0 + i * SECOND, {});
        for (let i = 1; i <= 300; i++) disk.scheduler.schedule('r', T0 + MINUTE + i * SECOND, {});
      });
      disk.clock.advance(10 * SECOND);
      expect([...caches]).toEqual([32 * 1024]);
      caches.clear();
      disk.clock.advance(10 * MINUTE);
      expect([...caches]).toEqual([256 * 1024]);
      expect(cacheKib()).toBe(32 * 1024);
    } finally {
      disk.scheduler.stop();
      disk.store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('schedule and cancel write: outside a transaction they are refused', () => {
    expect(() => w.scheduler.schedule('a', T0, {})).toThrow(OutsideTransactionError);
    expect(() => w.scheduler.cancel('k')).toThrow(OutsideTransactionError);
  });
});
