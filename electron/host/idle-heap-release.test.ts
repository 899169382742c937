import { describe, expect, it } from 'vitest';
import {
  announceWorkDrained,
  IdleHeapRelease,
  releaseUnusedHeap,
  youngGenerationBytes,
  type HeapProbe,
} from './idle-heap-release.js';

const MiB = 1024 * 1024;

/** A probe whose loop utilization is played from a list, with a young generation of `young` bytes. */
function fakeProbe(utilizations: number[], young = 128 * MiB): HeapProbe & { releases: number } {
  const probe = {
    releases: 0,
    utilization: () => utilizations.shift() ?? 0,
    youngBytes: () => young,
    release: () => {
      probe.releases++;
    },
  };
  return probe;
}

function checks(release: IdleHeapRelease, n: number): boolean[] {
  return Array.from({ length: n }, () => release.check());
}

describe('the idle heap release', () => {
  it('gives memory back after three idle seconds, once per busy period', () => {
    const probe = fakeProbe([0.9, 0.01, 0.02, 0.01, 0, 0, 0.8, 0, 0, 0, 0]);
    const release = new IdleHeapRelease(probe);
    expect(checks(release, 6)).toEqual([false, false, false, true, false, false]);
    expect(probe.releases).toBe(1);
    // Busy again, then idle: one more release.
    expect(checks(release, 5)).toEqual([false, false, false, true, false]);
    expect(probe.releases).toBe(2);
  });

  it('waits while the event loop is busy, and starts counting again after a busy second', () => {
    const probe = fakeProbe([0, 0, 0.5, 0, 0, 0.06, 0, 0]);
    const release = new IdleHeapRelease(probe);
    expect(checks(release, 8)).toEqual(Array(8).fill(false));
    expect(probe.releases).toBe(0);
  });

  it('leaves a small young generation alone', () => {
    const probe = fakeProbe([0, 0, 0, 0, 0], 8 * MiB);
    const release = new IdleHeapRelease(probe);
    expect(checks(release, 5)).toEqual(Array(5).fill(false));
    expect(probe.releases).toBe(0);
  });

  it('gives memory back at once when work drains on a quiet API, and not again until busy', () => {
    const probe = fakeProbe([0.9, 0.01, 0.01, 0.01, 0.01, 0.7, 0, 0, 0]);
    const release = new IdleHeapRelease(probe);
    expect(release.check()).toBe(false);
    expect(release.workDrained({ apiBusy: false })).toBe(true);
    expect(probe.releases).toBe(1);
    // The idle seconds that follow find it done.
    expect(checks(release, 4)).toEqual([false, false, false, false]);
    expect(probe.releases).toBe(1);
    // A busy second, then idle: the idle path releases again.
    expect(checks(release, 4)).toEqual([false, false, false, true]);
    expect(probe.releases).toBe(2);
  });

  it('leaves a busy API alone at a drain: the idle checks give the memory back once the load is over', () => {
    const probe = fakeProbe([0.9, 0.6, 0.01, 0.01, 0.01]);
    const release = new IdleHeapRelease(probe);
    expect(checks(release, 2)).toEqual([false, false]);
    expect(release.workDrained({ apiBusy: true })).toBe(false);
    expect(probe.releases).toBe(0);
    expect(checks(release, 3)).toEqual([false, false, true]);
    expect(probe.releases).toBe(1);
  });

  it('leaves a young generation under 64 MiB to the idle seconds at a drain', () => {
    const probe = fakeProbe([0.9, 0, 0, 0], 48 * MiB);
    const release = new IdleHeapRelease(probe);
    expect(release.check()).toBe(false);
    expect(release.workDrained({ apiBusy: false })).toBe(false);
    expect(probe.releases).toBe(0);
    expect(checks(release, 3)).toEqual([false, false, true]);
    expect(probe.releases).toBe(1);
  });

  it('hears of drained work through the process-wide channel while started, and only then', () => {
    const probe = fakeProbe([]);
    const release = new IdleHeapRelease(probe);
    announceWorkDrained({ apiBusy: false });
    expect(probe.releases).toBe(0);
    release.start();
    try {
      announceWorkDrained({ apiBusy: true });
      expect(probe.releases).toBe(0);
      announceWorkDrained({ apiBusy: false });
      expect(probe.releases).toBe(1);
    } finally {
      release.stop();
    }
    announceWorkDrained({ apiBusy: false });
    expect(probe.releases).toBe(1);
  });

  it("shrinks V8's young generation once it has grown (the real heap)", () => {
    // Objects that survive a few scavenges each make V8 grow its young generation.
    const kept: object[] = [];
    for (let i = 0; i < 3_000_000 && youngGenerationBytes() < 32 * MiB; i++) {
      kept[i % 200_000] = { i, text: `item ${i}` };
    }
    const grown = youngGenerationBytes();
    expect(grown).toBeGreaterThanOrEqual(32 * MiB);
    kept.length = 0;
    const release = new IdleHeapRelease({
      // An idle loop played (the test itself keeps it busy); the young generation and the collection are real.
      utilization: () => 0,
      youngBytes: youngGenerationBytes,
      release: releaseUnusedHeap,
    });
    expect(checks(release, 3)).toEqual([false, false, true]);
    expect(youngGenerationBytes()).toBeLessThan(grown / 4);
    // V8's collector was asked for from a context of its own: the global object never gets it.
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
