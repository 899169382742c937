import { startTransition, useEffect, useState } from 'react';

/**
 * Runs `work` once the browser has painted what is on screen now (the next frame) and has a moment (an
 * idle period, at most `timeoutMs` later). What the first page does not need (a
 * widget's menus, captions read from every endpoint) starts there, in tasks of its own, instead of
 * lengthening the start's. Returns a cancel.
 */
export function afterFirstPaint(work: () => void, timeoutMs = 500): () => void {
  let cancelled = false;
  let scheduled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) work();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: timeoutMs });
      else run();
    }, 0);
  };
  // rAF runs before the paint: the paint happens between this frame's callback and the next task. A tab
  // opened in the background gets no frames: the work starts a second later all the same.
  const frame = requestAnimationFrame(schedule);
  const background = setTimeout(schedule, 1_000);
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    clearTimeout(background);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/**
 * False until the first paint after mounting (see `afterFirstPaint`), then true; what turns on with it
 * is drawn in a transition, in slices that leave the page responsive.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}
