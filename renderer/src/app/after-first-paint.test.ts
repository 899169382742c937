import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

// Node has no frames nor idle periods: the browser's are stood in for by fake timers, a frame every
// 16 ms (or never, for a tab in the background) and an idle period 5 ms after it is asked for.
let frames: 'every-16-ms' | 'none';

beforeEach(() => {
  vi.useFakeTimers();
  frames = 'every-16-ms';
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
    frames === 'none' ? 0 : Number(setTimeout(() => callback(performance.now()), 16)),
  );
  vi.stubGlobal('cancelAnimationFrame', (id: number) => clearTimeout(id));
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) =>
    Number(setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 10 }), 5)),
  );
  vi.stubGlobal('cancelIdleCallback', (id: number) => clearTimeout(id));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('work deferred until after the first paint', () => {
  it('waits for the next frame, then for an idle period', () => {
    const work = vi.fn();
    afterFirstPaint(work);
    vi.advanceTimersByTime(15);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    // The frame has run, the paint follows it: the idle period is asked for in the task after.
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs a second later in a tab that gets no frames', () => {
    frames = 'none';
    const work = vi.fn();
    afterFirstPaint(work);
    vi.advanceTimersByTime(999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled, whether before the frame or while waiting for the idle period', () => {
    const early = vi.fn();
    afterFirstPaint(early)();
    const late = vi.fn();
    const cancel = afterFirstPaint(late);
    vi.advanceTimersByTime(17);
    cancel();
    vi.advanceTimersByTime(2_000);
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });
});
