import type { Browser, Page } from '@playwright/test';

/**
 * The browser's long tasks (over 50 ms, as the Long Tasks API reports them) of a workbench tab: what the
 * UI benchmarks measure to tell whether the page stays responsive. The observer is installed before
 * any of the page's scripts run, so the tasks of the first load count too. Beside them the tab keeps
 * its long animation frames (the Long Animation Frames API), which say what ran in a long one: the
 * scripts with their entry points (a timer, a worker's message, a click) and the style, layout and
 * paint after them.
 */

/** A script of a long animation frame: how it was entered and where its code lives. */
export interface FrameScript {
  invoker: string;
  source: string;
  durationMs: number;
  forcedStyleAndLayoutMs: number;
}

/** A long animation frame as the benchmarks print it. */
export interface LongFrame {
  durationMs: number;
  /** Style, layout and paint at the frame's end (after its scripts). */
  renderMs: number;
  styleAndLayoutMs: number;
  scripts: FrameScript[];
}

/** A new tab of the benchmarks' window size that records its long tasks from the start. */
export async function tabRecordingLongTasks(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(() => {
    const holder = window as unknown as { __longTasks: number[]; __longFrames: unknown[] };
    holder.__longTasks = [];
    holder.__longFrames = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) holder.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    if (!PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) return;
    interface Script {
      invoker: string;
      sourceURL: string;
      sourceFunctionName: string;
      duration: number;
      forcedStyleAndLayoutDuration: number;
    }
    interface Frame {
      startTime: number;
      duration: number;
      renderStart: number;
      styleAndLayoutStart: number;
      scripts: Script[];
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Frame[]) {
        const end = entry.startTime + entry.duration;
        holder.__longFrames.push({
          durationMs: entry.duration,
          renderMs: entry.renderStart > 0 ? end - entry.renderStart : 0,
          styleAndLayoutMs: entry.styleAndLayoutStart > 0 ? end - entry.styleAndLayoutStart : 0,
          scripts: entry.scripts.map((s) => ({
            invoker: s.invoker,
            source: `${s.sourceFunctionName || '(anonymous)'} ${s.sourceURL.replace(/^.*\//, '')}`,
            durationMs: s.duration,
            forcedStyleAndLayoutMs: s.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  });
  return page;
}

/** The durations (ms) of the long tasks since the last call, which are then forgotten. */
export function takeLongTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const holder = window as unknown as { __longTasks: number[] };
    const tasks = holder.__longTasks;
    holder.__longTasks = [];
    return tasks;
  });
}

/** The long animation frames since the last call, which are then forgotten (none where unsupported). */
export function takeLongFrames(page: Page): Promise<LongFrame[]> {
  return page.evaluate(() => {
    const holder = window as unknown as { __longFrames: LongFrame[] };
    const frames = holder.__longFrames;
    holder.__longFrames = [];
    return frames;
  });
}

/** What ran in a long frame, one line, longest script first. */
export function describeFrame(frame: LongFrame): string {
  const scripts = [...frame.scripts]
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, 4)
    .map(
      (s) =>
        `${s.invoker} -> ${s.source} ${s.durationMs.toFixed(0)} ms${s.forcedStyleAndLayoutMs >= 1 ? ` (forced layout ${s.forcedStyleAndLayoutMs.toFixed(0)} ms)` : ''}`,
    );
  return `frame ${frame.durationMs.toFixed(0)} ms: ${scripts.join('; ') || 'no script'}; render ${frame.renderMs.toFixed(0)} ms (style and layout ${frame.styleAndLayoutMs.toFixed(0)} ms)`;
}
