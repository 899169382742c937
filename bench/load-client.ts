import autocannon from 'autocannon';

/**
 * The load client as a process of its own: `drive` starts it with one run's settings as JSON and reads
 * the result from its stdout. Out of the benchmark's process, its memory and threads are never counted
 * as the host's when the host runs inside the benchmark (the payouts and webhooks benchmarks).
 */
const settings = JSON.parse(process.argv[2] ?? '{}') as autocannon.Options;
const result = await autocannon(settings);
process.stdout.write(JSON.stringify(result));
