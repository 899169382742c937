import type { Browser, Page } from '@playwright/test';

/**
 * The browser's long tasks (over 50 ms, as the Long Tasks API reports them) of a workbench tab: what the
 * UI benchmarks measure to tell whether the page stays responsive. The observer is installed before
 * any of the page's scripts run, so the tasks of the first load count too.
 */

/** A new tab of the benchmarks' window size that records its long tasks from the start. */
export async function tabRecordingLongTasks(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(() => {
    const holder = window as unknown as { __longTasks: number[] };
    holder.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) holder.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
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
