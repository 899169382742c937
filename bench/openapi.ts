import { tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_CREDENTIALS, loadHost } from './host.js';

/**
 * `npm run bench -- openapi [--requests 30]`: the median time of `GET /openapi.json` over sequential
 * requests on a warm host (the document is built once, so every request but the first is the cached
 * path), against the baseline of the same request answered 304 (`If-None-Match`): the ratio is what
 * sending the document costs over the pipeline itself. The runner prints the load average at start and end.
 */
export async function main(args: string[]): Promise<number> {
  const index = args.indexOf('--requests');
  const requests = index >= 0 ? Number(args[index + 1]) : 30;
  const dir = mkdtempSync(join(tmpdir(), 'bench-openapi-'));
  const { createHost } = await loadHost();
  const host = createHost({
    location: { kind: 'dir', dir },
    credentials: BENCH_CREDENTIALS,
    listener: false,
  });
  try {
    const baseUrl = await host.listen('127.0.0.1', 0);
    const url = `${baseUrl}/openapi.json`;
    const first = await fetch(url);
    const body = await first.arrayBuffer();
    const etag = first.headers.get('etag') ?? '';
    const time = async (headers: Record<string, string>): Promise<number> => {
      const started = performance.now();
      const reply = await fetch(url, { headers });
      await reply.arrayBuffer();
      return performance.now() - started;
    };
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const full: number[] = [];
    const revalidated: number[] = [];
    // CPU time of this process (host and client) per request: steadier than wall time on a loaded machine.
    const cpu = { full: 0, revalidated: 0 };
    const cpuMs = () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
    for (let i = 0; i < requests; i++) {
      let before = cpuMs();
      full.push(await time({}));
      cpu.full += cpuMs() - before;
      before = cpuMs();
      revalidated.push(await time({ 'if-none-match': etag }));
      cpu.revalidated += cpuMs() - before;
    }
    const fullMs = median(full);
    const baseMs = median(revalidated);
    console.log(`document: ${(body.byteLength / 1024).toFixed(0)} KiB`);
    console.log(
      `GET /openapi.json median over ${requests}: ${fullMs.toFixed(2)} ms; 304 baseline ${baseMs.toFixed(2)} ms; ratio ${(fullMs / baseMs).toFixed(2)}`,
    );
    console.log(
      `CPU per request: ${(cpu.full / requests).toFixed(2)} ms; 304 baseline ${(cpu.revalidated / requests).toFixed(2)} ms`,
    );
    return 0;
  } finally {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
