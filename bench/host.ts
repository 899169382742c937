import type * as HostModule from '../electron/host/create-host.js';

/**
 * The host as `npm run bench` builds it first (scripts/build-host.mjs): the esbuild bundle that `npm run
 * serve` runs too, compiled as Electron's main process is. Measuring the sources through tsx instead
 * would add its loader's per-call helpers to every request.
 */
export async function loadHost(): Promise<typeof HostModule> {
  const bundle = new URL('../out/serve/host.mjs', import.meta.url).href;
  return (await import(bundle)) as typeof HostModule;
}
