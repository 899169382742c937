import { describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';
import { fakeFramesPerTest } from './fake-frames-test-kit';

const { noFrames } = fakeFramesPerTest();

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
    noFrames();
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
