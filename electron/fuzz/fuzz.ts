import { ERROR_NAMES, type ErrorName } from '../../shared/errors.js';
import { mockCodes } from '../api/pipeline/mock-response.js';
import { createHost, type Host } from '../host/create-host.js';
import { nextRequest, type FuzzContext, type FuzzRequest } from './cases.js';
import { Random } from './random.js';
import { fuzzTargets } from './targets.js';

/**
 * The fuzz suite: sweeps every operation of every registered group with malformed
 * bodies, types, lengths, encodings, media types, headers and ids, and fails on any 5xx, any hang, and
 * any error body off the documented shape (spec part 7: `name`, `message`, `debug_id`, `details`,
 * `links` with an `information_link`; the token endpoint's `{error, error_description}`). The targets
 * come from the registry at run time, so a group added later is swept too. Deterministic for a seed
 * (the cases; the ids the API makes differ from run to run).
 */

export interface FuzzOptions {
  seed: number;
  /** Requests to send in all (spread over every target, round by round). */
  requests: number;
  /** A request that has not been answered after this long is a hang. */
  timeoutMs: number;
  /** Progress and findings, one line each. */
  log?: (line: string) => void;
}

export interface FuzzFinding {
  kind: '5xx' | 'hang' | 'shape' | 'transport';
  target: string;
  case: string;
  request: string;
  status?: number;
  detail: string;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  targets: number;
  /** Requests per target: every operation is swept. */
  perTarget: Record<string, number>;
  statuses: Record<number, number>;
  findings: FuzzFinding[];
  elapsedMs: number;
}

const CREDENTIALS = { clientId: 'fuzz-client-id', clientSecret: 'fuzz-client-secret' };
const basic = `Basic ${Buffer.from(`${CREDENTIALS.clientId}:${CREDENTIALS.clientSecret}`).toString('base64')}`;
const LOCATIONS = new Set(['body', 'query', 'path', 'header']);
const STACK_TRACE = /\bat [^\s]+ \(?[^\s]*\.[cm]?[jt]s:\d+/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A part 7 error body rather than an identity one (`name`, no `error`). */
const isPart7Body = (body: unknown): boolean => isRecord(body) && 'name' in body && !('error' in body);

/** Why an error body is off the documented shape, or undefined when it is on it. */
export function errorShapeProblem(status: number, body: unknown, identity: boolean): string | undefined {
  if (!isRecord(body)) return 'the error body is not a JSON object';
  if (identity) {
    if (typeof body.error !== 'string' || typeof body.error_description !== 'string')
      return 'a token endpoint error lacks {error, error_description}';
    return undefined;
  }
  const name = body.name;
  if (typeof name !== 'string' || !(name in ERROR_NAMES)) return `unknown error name ${String(name)}`;
  if (ERROR_NAMES[name as ErrorName].status !== status)
    return `${name} answered with ${status}, documented ${ERROR_NAMES[name as ErrorName].status}`;
  if (typeof body.message !== 'string' || body.message.length === 0) return 'no message';
  if (typeof body.debug_id !== 'string' || !/^[0-9a-f]{13}$/.test(body.debug_id)) return 'no debug_id';
  if (!Array.isArray(body.details)) return 'no details array';
  for (const detail of body.details) {
    if (!isRecord(detail) || typeof detail.issue !== 'string') return 'a detail without issue';
    if (detail.location !== undefined && !LOCATIONS.has(String(detail.location)))
      return `a detail with location ${String(detail.location)}`;
    for (const member of ['field', 'value', 'description'] as const)
      if (detail[member] !== undefined && typeof detail[member] !== 'string')
        return `a detail ${member} not a string`;
  }
  if (
    !Array.isArray(body.links) ||
    !body.links.some((l) => isRecord(l) && l.rel === 'information_link' && typeof l.href === 'string')
  )
    return 'no information_link';
  return undefined;
}

/** The status a `Svc-Mock-Response` header asks for, when it names a documented code. */
function mockedStatusOf(header: string | undefined, statuses: Map<string, number>): number | undefined {
  if (header === undefined) return undefined;
  try {
    const code = (JSON.parse(header) as { mock_application_codes?: unknown }).mock_application_codes;
    return typeof code === 'string' ? statuses.get(code) : undefined;
  } catch {
    return undefined;
  }
}

/** Collects `id` members of an answer (bounded), so later requests can name real resources. */
function collectIds(body: unknown, into: string[]): void {
  const stack: unknown[] = [body];
  let seen = 0;
  while (stack.length > 0 && seen++ < 200) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node.slice(0, 20));
    else if (isRecord(node)) {
      if (typeof node.id === 'string' && node.id.length <= 64 && !into.includes(node.id)) {
        into.push(node.id);
        if (into.length > 200) into.shift();
      }
      stack.push(...Object.values(node));
    }
  }
}

const describe = (request: FuzzRequest): string => {
  const payload =
    request.payload === undefined
      ? ''
      : ` body(${request.payload.length}): ${String(request.payload).slice(0, 120).replace(/\s+/g, ' ')}`;
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'authorization' || !request.headers[name]?.startsWith('Bearer A21AA'))
    .map(([name, value]) => `${name}: ${value.slice(0, 60)}`)
    .join('; ');
  return `${request.method} ${request.url.slice(0, 200)} [${headers}]${payload}`;
};

/** A fresh in-memory host for a sweep: nothing listens, no webhook is sent anywhere. */
export function fuzzHost(): Host {
  return createHost({ location: { kind: 'memory' }, credentials: CREDENTIALS, listener: false });
}

async function newToken(host: Host): Promise<string> {
  const reply = await host.api.app.inject({
    method: 'POST',
    url: '/v1/oauth2/token',
    headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials',
  });
  if (reply.statusCode !== 200) throw new Error(`fuzz: no token (${reply.statusCode} ${reply.body})`);
  return (JSON.parse(reply.body) as { access_token: string }).access_token;
}

/** Runs one sweep on a fresh host; the host is closed at the end. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const random = new Random(options.seed);
  const host = fuzzHost();
  await host.api.app.ready();
  const targets = fuzzTargets(host.services.groups, random);
  const codes = mockCodes();
  const mockedStatus = new Map(codes.map((m) => [m.code, m.status]));
  const context: FuzzContext = {
    token: await newToken(host),
    basic,
    ids: [],
    mockCodes: codes.map((m) => m.code),
  };
  const report: FuzzReport = {
    seed: options.seed,
    sent: 0,
    targets: targets.length,
    perTarget: Object.fromEntries(targets.map((t) => [t.name, 0])),
    statuses: {},
    findings: [],
    elapsedMs: 0,
  };
  const found = (finding: FuzzFinding) => {
    report.findings.push(finding);
    log(
      `FINDING ${finding.kind} ${finding.target} (${finding.case}) ${finding.status ?? ''}: ${finding.detail}\n  ${finding.request}`,
    );
  };

  try {
    for (let round = 0; report.sent < options.requests; round++) {
      for (const target of targets) {
        if (report.sent >= options.requests) break;
        const request = nextRequest(target, round, random, context);
        report.sent++;
        report.perTarget[target.name] = (report.perTarget[target.name] ?? 0) + 1;
        let timer: NodeJS.Timeout | undefined;
        const hang = new Promise<'hang'>((resolve) => {
          timer = setTimeout(() => resolve('hang'), options.timeoutMs);
        });
        let outcome: Awaited<ReturnType<Host['api']['app']['inject']>> | 'hang';
        try {
          outcome = await Promise.race([
            host.api.app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: request.headers,
              ...(request.payload !== undefined ? { payload: request.payload } : {}),
            }),
            hang,
          ]);
        } catch (error) {
          found({
            kind: 'transport',
            target: target.name,
            case: request.kind,
            request: describe(request),
            detail: String(error),
          });
          continue;
        } finally {
          clearTimeout(timer);
        }
        if (outcome === 'hang') {
          found({
            kind: 'hang',
            target: target.name,
            case: request.kind,
            request: describe(request),
            detail: `no answer in ${options.timeoutMs} ms`,
          });
          continue;
        }
        const status = outcome.statusCode;
        report.statuses[status] = (report.statuses[status] ?? 0) + 1;
        let body: unknown;
        try {
          body = outcome.body ? JSON.parse(outcome.body) : undefined;
        } catch {
          body = undefined;
        }
        // A 5xx that Svc-Mock-Response asked for (negative testing) is an answer, not a defect.
        const asked = mockedStatusOf(request.headers['svc-mock-response'], mockedStatus);
        if (status >= 500 && status !== asked) {
          found({
            kind: '5xx',
            target: target.name,
            case: request.kind,
            request: describe(request),
            status,
            detail: outcome.body.slice(0, 300),
          });
        } else if (status >= 400) {
          const problem =
            (STACK_TRACE.test(outcome.body) ? 'a stack trace in the body' : undefined) ??
            (String(outcome.headers['content-type'] ?? '').includes('json')
              ? undefined
              : `content-type ${String(outcome.headers['content-type'])}`) ??
            // A mangled path the router cannot place (`%zz`, `..`) never reaches an identity route:
            // it is answered in the part 7 form, and checked as such.
            errorShapeProblem(status, body, target.identityErrors && !isPart7Body(body));
          if (problem)
            found({
              kind: 'shape',
              target: target.name,
              case: request.kind,
              request: describe(request),
              status,
              detail: `${problem}: ${outcome.body.slice(0, 300)}`,
            });
        } else collectIds(body, context.ids);
        // The clock, the sandbox and token calls can end the sweep's token: take a fresh one.
        if (status === 401 || (status < 300 && /test-helpers|oauth2/.test(target.path)))
          context.token = await newToken(host);
      }
    }
  } finally {
    await host.close();
  }
  report.elapsedMs = Math.round(performance.now() - started);
  log(
    `fuzz: seed ${report.seed}: ${report.sent} requests to ${report.targets} operations in ${report.elapsedMs} ms; ` +
      `statuses ${JSON.stringify(report.statuses)}; ${report.findings.length} findings`,
  );
  return report;
}
