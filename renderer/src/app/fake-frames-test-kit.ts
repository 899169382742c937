import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Node has no frames nor idle periods: for each test of the calling file, fake timers stand in for the
 * browser's, a frame every 16 ms (or never, as for a tab in the background) and an idle period 5 ms
 * after it is asked for. `noFrames()` turns frames off for the test that calls it.
 */
export function fakeFramesPerTest(): { noFrames: () => void } {
  let frames: 'every-16-ms' | 'none' = 'every-16-ms';
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
  return { noFrames: () => (frames = 'none') };
}
