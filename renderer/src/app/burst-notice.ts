/** How a burst of host events is told: when its notice is shown, and when the burst is over. */
export interface BurstTiming {
  /** The notice is shown (or told the burst's new size) once events pause this long. */
  settleMs: number;
  /** Events this long after the last one are a new burst, with a notice of their own. */
  quietMs: number;
}

/**
 * One notice per burst of host events, kept up to date while the burst lasts. A load test's 2,000 orders
 * reach a tab in flushes with pauses of their own (the host's writes, its event stream's pacing, the
 * tab's own work): each pause used to end "the burst" and raise a notice, up to fifteen per tab for one
 * burst on a busy machine. Here every pause shorter than `quietMs` keeps the burst going: `show` is
 * called at each pause with the burst's key, and the caller tells its notice under that key
 * (`useUi.notify`), so the one notice is told the new total. After `quietMs` without events the burst
 * is over: `ended` lets the caller forget its tally, and the next event starts a burst with a new key,
 * whose notice is a new one. A burst whose events stream on without a pause (flushes closer than
 * `settleMs`) tells its notice again every `quietMs / 3`: a notice stays up `quietMs` after it was last
 * told, and a notice shown at the burst's first pause would otherwise go while the burst went on, and a
 * second one come at its end.
 */
let bursts = 0;

/**
 * A deadline `delayMs` after the last `touch`, with one timer however many touches: a burst of 2,000
 * events used to clear and set two timers per event, and those timer calls were a tenth of a tab's
 * work in a burst. The timer, when it fires early (touched since), waits for the rest.
 */
function restartingDeadline(delayMs: number, due: () => void): { touch: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastTouch = 0;
  const check = () => {
    const left = lastTouch + delayMs - Date.now();
    if (left > 0) {
      timer = setTimeout(check, left);
      return;
    }
    timer = undefined;
    due();
  };
  return {
    touch: () => {
      lastTouch = Date.now();
      timer ??= setTimeout(check, delayMs);
    },
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

export function burstNotice(
  name: string,
  timing: BurstTiming,
  show: (key: string) => void,
  ended: () => void,
): { request: () => void; cancel: () => void } {
  // Unique across the tab's life, so no burst's key ever names an older burst's notice still shown.
  let key: string | undefined;
  /** When the current burst's notice was last told (undefined before its first pause). */
  let shownAt: number | undefined;
  const showNow = (current: string) => {
    shownAt = Date.now();
    show(current);
  };
  const settle = restartingDeadline(timing.settleMs, () => {
    if (key !== undefined) showNow(key);
  });
  const quiet = restartingDeadline(timing.quietMs, () => {
    key = undefined;
    shownAt = undefined;
    ended();
  });
  return {
    request: () => {
      const current = (key ??= `${name}:${++bursts}`);
      if (shownAt !== undefined && Date.now() - shownAt >= timing.quietMs / 3) showNow(current);
      settle.touch();
      quiet.touch();
    },
    cancel: () => {
      settle.cancel();
      quiet.cancel();
    },
  };
}
