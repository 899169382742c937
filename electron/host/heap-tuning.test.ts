import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('../test-support/long-lived-literals.ts', import.meta.url));
const PROJECT = fileURLToPath(new URL('../..', import.meta.url));

/** How many allocation sites V8 decided to pretenure in the child, from its own statistics. */
function tenureDecisions(mode: 'plain' | 'tuned'): number {
  const run = spawnSync(
    process.execPath,
    // Small young generation: many scavenges, so V8 reaches its decisions within the run.
    ['--trace-pretenuring-statistics', '--max-semi-space-size=1', '--import', 'tsx', CHILD, mode],
    { cwd: PROJECT, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('kept 200000');
  return (run.stdout.match(/=> tenure/g) ?? []).length;
}

describe('heap tuning for serving', () => {
  it('keeps V8 from pretenuring allocation sites whose objects live long', () => {
    // Without the tuning the same objects do get their site pretenured: the child shows the behaviour.
    expect(tenureDecisions('plain')).toBeGreaterThan(0);
    expect(tenureDecisions('tuned')).toBe(0);
  });
});
