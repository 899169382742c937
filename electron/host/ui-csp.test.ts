import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './ui-files.js';

/**
 * In a fresh Node process (zod decides once per process): counts every `Function` constructor call
 * while the shared bridge schemas are built and used, optionally after the UI's zod configuration (renderer/public/zod-jitless.js).
 * A call is what a browser reports as a `script-src eval` CSP violation.
 */
function functionConstructions(withUiConfig: boolean): number {
  const script = `
    let calls = 0;
    const Real = Function;
    globalThis.Function = new Proxy(Real, {
      construct(target, args, newTarget) { calls++; return Reflect.construct(target, args, newTarget); },
      apply(target, self, args) { calls++; return Reflect.apply(target, self, args); },
    });
    ${withUiConfig ? "await import('./renderer/public/zod-jitless.js');" : ''}
    const { BridgeInputs } = await import('./shared/bridge.ts');
    BridgeInputs.listResources.safeParse({ kind: 'order', page: 1 });
    BridgeInputs.sendRequest.safeParse({ method: 'GET', path: '/v2/checkout/orders/X' });
    console.log(JSON.stringify({ calls }));
  `;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: process.cwd(),
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return (JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as { calls: number }).calls;
}

/** The UI's scripts under the CSP this host serves them with: nothing in them may need eval. */
describe('the UI needs no eval (its CSP has no unsafe-eval)', () => {
  it('keeps the policy strict', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
  });

  it('zod, configured as the UI configures it first, never constructs a Function', () => {
    // Without the configuration zod probes (the check of the test itself works) ...
    expect(functionConstructions(false)).toBeGreaterThan(0);
    // ... and with it, it does not.
    expect(functionConstructions(true)).toBe(0);
  });

  it('index.html runs the configuration as a classic script, before the module of the UI', () => {
    // A classic script runs before any module script, so zod is jitless before any chunk defines a
    // schema, however the bundle is split.
    const html = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');
    const config = html.indexOf('<script src="./zod-jitless.js"></script>');
    const module = html.indexOf('<script type="module"');
    expect(config).toBeGreaterThan(-1);
    expect(config).toBeLessThan(module);
  });
});
