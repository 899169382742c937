import { parseArgs } from 'node:util';
import { runFuzz } from './fuzz.js';

/**
 * `npm run fuzz [-- --seed N --requests N --timeout-ms N]`: the long sweep of every operation (a short
 * one runs in `npm test`, electron/fuzz/fuzz.test.ts). Exits 1 when it finds a 5xx, a hang or an error
 * body off the documented shape; prints how many requests it sent.
 */
const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    requests: { type: 'string', default: '50000' },
    'timeout-ms': { type: 'string', default: '10000' },
  },
});

const report = await runFuzz({
  seed: Number(values.seed),
  requests: Number(values.requests),
  timeoutMs: Number(values['timeout-ms']),
  log: (line) => console.log(line),
});
const least = Object.entries(report.perTarget).sort((a, b) => a[1] - b[1])[0];
console.log(
  `fuzz: sent ${report.sent} requests to ${report.targets} operations (each at least ${least?.[1] ?? 0}); ` +
    `${report.findings.length} findings. Repeat with --seed ${report.seed}.`,
);
process.exitCode = report.findings.length > 0 ? 1 : 0;
