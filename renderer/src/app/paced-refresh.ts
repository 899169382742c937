/** How often a refresh of what is shown may run while host events stream in. */
export interface RefreshPace {
  /** A refresh runs this long after the first request since the last one: a burst's events gather. */
  settleMs: number;
  /** While requests keep coming, refreshes start at least this far apart. */
  intervalMs: number;
  /** A refresh that has not finished after this long no longer holds the next one back. */
  patienceMs: number;
}

/**
 * Runs `refresh` once per gathering of requests: `settleMs` after the first request, then, while
 * requests keep coming, at most once per `intervalMs`, and never while the last run is still reading.
 * A refresh during a burst of 2,000 orders used to run every 300 ms whatever happened: under load a
 * list's read took longer than that, so the next refresh cancelled it and read again (the host counted
 * 100,000 orders twice, the tab was told twice), and each of the two tabs drew the whole list three
 * times a second. A request while a run reads makes one more run after it, so the last event of a burst
 * is always followed by a refresh that sees it.
 */
export function pacedRefresh(
  refresh: () => Promise<unknown>,
  pace: RefreshPace,
): { request: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let requested = false;
  let cancelled = false;
  let lastStart = Number.NEGATIVE_INFINITY;

  const schedule = () => {
    if (timer !== undefined || running || !requested || cancelled) return;
    const wait = Math.max(pace.settleMs, lastStart + pace.intervalMs - Date.now());
    timer = setTimeout(run, wait);
  };
  const run = () => {
    timer = undefined;
    requested = false;
    running = true;
    lastStart = Date.now();
    // This run's end, once: a read that outlives its patience must not end the run started after it.
    let ended = false;
    const done = () => {
      if (ended) return;
      ended = true;
      clearTimeout(patience);
      running = false;
      schedule();
    };
    const patience = setTimeout(done, pace.patienceMs);
    refresh().then(done, done);
  };
  return {
    request: () => {
      requested = true;
      schedule();
    },
    cancel: () => {
      cancelled = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
