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

export function burstNotice(
  name: string,
  timing: BurstTiming,
  show: (key: string) => void,
  ended: () => void,
): { request: () => void; cancel: () => void } {
  // Unique across the tab's life, so no burst's key ever names an older burst's notice still shown.
  let key: string | undefined;
  let settle: ReturnType<typeof setTimeout> | undefined;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  /** When the current burst's notice was last told (undefined before its first pause). */
  let shownAt: number | undefined;
  const showNow = (current: string) => {
    shownAt = Date.now();
    show(current);
  };
  const cancel = () => {
    clearTimeout(settle);
    clearTimeout(quiet);
    settle = undefined;
    quiet = undefined;
  };
  return {
    request: () => {
      clearTimeout(settle);
      clearTimeout(quiet);
      const current = (key ??= `${name}:${++bursts}`);
      if (shownAt !== undefined && Date.now() - shownAt >= timing.quietMs / 3) showNow(current);
      settle = setTimeout(() => {
        settle = undefined;
        showNow(current);
      }, timing.settleMs);
      quiet = setTimeout(() => {
        quiet = undefined;
        key = undefined;
        shownAt = undefined;
        ended();
      }, timing.quietMs);
    },
    cancel,
  };
}
