import { describe, expect, it } from 'vitest';
import { runFuzz } from './fuzz.js';

/**
 * The short run of the fuzz suite inside `npm test` (the long one: `npm run fuzz`): a few thousand
 * requests over every registered operation, a fixed seed, no 5xx, no hang, no error off its shape.
 */
describe('fuzz suite (short run)', () => {
  it('sweeps every operation with malformed input and finds nothing', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const report = await runFuzz({ seed: 17, requests: 3_000, timeoutMs: 10_000, log: (l) => lines.push(l) });
    console.log(lines.at(-1));
    expect(report.sent).toBe(3_000);
    // Every operation of every group got its share (targets come from the registry at run time).
    for (const [target, count] of Object.entries(report.perTarget))
      expect(count, target).toBeGreaterThanOrEqual(Math.floor(3_000 / report.targets));
    expect(
      report.findings,
      lines
        .filter((l) => l.startsWith('FINDING'))
        .slice(0, 20)
        .join('\n'),
    ).toEqual([]);
  });
});
