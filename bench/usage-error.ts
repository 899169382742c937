/**
 * A command line a benchmark cannot run with. The runner (run.ts) prints its message after the
 * benchmark's name and exits 2, so that each benchmark only says what is wrong with its options.
 */
export class UsageError extends Error {}

/**
 * Reads a benchmark's command line: whatever `read` throws (node:util's `parseArgs` refusals, a
 * benchmark's own checks) is a usage error, not a failure of the run.
 */
export function readArgs<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof UsageError ? error : new UsageError((error as Error).message);
  }
}
