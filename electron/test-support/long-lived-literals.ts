import { tuneHeapForServing } from '../host/heap-tuning.js';

/**
 * A child process for heap-tuning.test.ts: builds 200,000 object literals that all stay alive, the
 * pattern that makes V8 pretenure their allocation site. With `tuned` as its argument it first applies the
 * host's heap tuning, as `serve` and Electron's main do.
 */
if (process.argv[2] === 'tuned') tuneHeapForServing();

const kept: unknown[] = [];
const literal = (i: number) => ({ id: i, parts: [i, i + 1], meta: { at: i } });
for (let i = 0; i < 200_000; i++) kept.push(literal(i));
process.stdout.write(`kept ${kept.length}\n`);
