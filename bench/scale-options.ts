import { parseArgs } from 'node:util';
import { readArgs } from './usage-error.js';

/** A scale benchmark's two workspace sizes and how many requests it times on each. */
export interface ScaleOptions {
  small: number;
  large: number;
  requests: number;
}

/**
 * `--small N --large N --requests N`, each a whole number (a workspace at least `minSize`), with the
 * benchmark's own defaults: the options of every benchmark that compares a small workspace with a large.
 */
export function parseScaleOptions(args: string[], defaults: ScaleOptions, minSize = 1): ScaleOptions {
  return readArgs(() => {
    const { values } = parseArgs({
      args,
      options: { small: { type: 'string' }, large: { type: 'string' }, requests: { type: 'string' } },
      strict: true,
    });
    const whole = (value: string | undefined, fallback: number, flag: string, min: number) => {
      const n = value === undefined ? fallback : Number(value);
      if (!Number.isInteger(n) || n < min)
        throw new Error(`${flag} expects a whole number of at least ${min}, got "${value}"`);
      return n;
    };
    return {
      small: whole(values.small, defaults.small, '--small', minSize),
      large: whole(values.large, defaults.large, '--large', minSize),
      requests: whole(values.requests, defaults.requests, '--requests', 1),
    };
  });
}
