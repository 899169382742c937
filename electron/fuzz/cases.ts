import { MAX_JSON_DEPTH } from '../../shared/json-depth.js';
import { FORM_MEDIA_TYPE } from '../api/pipeline/accept.js';
import { deepText, deepValueBody, mutateBody, rawBody } from './odd-bodies.js';
import type { Random } from './random.js';
import type { FuzzTarget } from './targets.js';

/** One request of the sweep. */
export interface FuzzRequest {
  target: FuzzTarget;
  /** What the case is about (`body:leaf`, `id:long`, ...), for the report. */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** What the sweep knows while it runs: ids the API handed out, tokens, the Basic credentials. */
export interface FuzzContext {
  token: string;
  basic: string;
  /** Ids seen in answers (`id` members), offered to path parameters. */
  ids: string[];
  /** Mock codes the API documents (`Svc-Mock-Response`). */
  mockCodes: string[];
}

const CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/json; charset=utf-16',
  'application/json;;;',
  'APPLICATION/JSON',
  'application/json-patch+json',
  FORM_MEDIA_TYPE,
  'multipart/form-data; boundary=x',
  'application/xml',
  `application/json; x=${'a'.repeat(4000)}`,
  '*/*',
];

/** A path parameter value: ids the API made, too long, encoded, traversal, empty. */
function idFor(random: Random, context: FuzzContext): { kind: string; value: string } {
  const choices: (() => { kind: string; value: string })[] = [
    () => ({ kind: 'id:known', value: context.ids.length > 0 ? random.pick(context.ids) : 'ABC123' }),
    () => ({ kind: 'id:known', value: context.ids.length > 0 ? random.pick(context.ids) : 'ABC123' }),
    () => ({ kind: 'id:random', value: random.string(17) }),
    () => ({ kind: 'id:long', value: random.string(random.pick([37, 51, 101, 1000, 5000])) }),
    () => ({
      kind: 'id:encoded',
      value: random.pick([
        '%00',
        '%2F',
        '%2e%2e',
        '%zz',
        '%C0%AF',
        '%E2%80%AE',
        '%F0%9F%98%80',
        '%25',
        '%20',
        '%0D%0A',
      ]),
    }),
    () => ({
      kind: 'id:encoded-known',
      value: [...(context.ids.length > 0 ? random.pick(context.ids) : 'ABC')]
        .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
        .join(''),
    }),
    () => ({
      kind: 'id:odd',
      value: random.pick([
        '..',
        '.',
        '-',
        ' ',
        "'",
        '"',
        '<x>',
        'null',
        'undefined',
        '__proto__',
        'constructor',
        '0',
        '-1',
        '4111111111111111',
      ]),
    }),
    () => ({
      kind: 'id:unicode',
      value: encodeURIComponent(random.pick(['é', '😀', '\u202e', 'Ω'.repeat(40)])),
    }),
  ];
  const { kind, value } = random.pick(choices)();
  return { kind, value: /%|^[\w.-]*$/.test(value) ? value : encodeURIComponent(value) };
}

/** A query string: the sample's, or one with odd values, repeats, unknown keys, bad encoding. */
function queryFor(target: FuzzTarget, random: Random): { kind: string; query: string } {
  const base = new URLSearchParams(target.sampleQuery).toString();
  if (random.chance(0.5)) return { kind: 'query:sample', query: base };
  const name =
    target.queryNames.length > 0 && random.chance(0.8) ? random.pick(target.queryNames) : 'unknown';
  const value = random.pick([
    '',
    '-1',
    '0',
    '1e9',
    '99999999999',
    'abc',
    '%zz',
    '%00',
    'x'.repeat(10_000),
    encodeURIComponent('2026-13-45T99:99:99Z'),
    encodeURIComponent('[1 TO 2]'),
    'a,b,,c',
    encodeURIComponent('😀'),
  ]);
  const repeat = random.chance(0.3) ? `&${name}=${value}` : '';
  const proto = random.chance(0.1) ? '&__proto__=1&constructor=2' : '';
  return { kind: 'query:odd', query: [base, `${name}=${value}${repeat}${proto}`].filter(Boolean).join('&') };
}

/** Extra headers: request ids, mock responses, Prefer, Accept, auth, assertions, Host. */
function oddHeaders(random: Random, context: FuzzContext): { kind: string; headers: Record<string, string> } {
  const jwt = (claims: string) =>
    `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(claims).toString('base64url')}.`;
  const choices: (() => { kind: string; headers: Record<string, string> })[] = [
    () => ({
      kind: 'header:request-id',
      headers: { 'svc-request-id': random.pick(['', 'k', 'x'.repeat(20_000), '😀', 'same-key']) },
    }),
    () => ({
      kind: 'header:mock',
      headers: {
        'svc-mock-response': random.chance(0.6)
          ? JSON.stringify({ mock_application_codes: random.pick(context.mockCodes) })
          : random.pick([
              '',
              '{',
              'null',
              '[]',
              '{"mock_application_codes":[1]}',
              '{"mock_application_codes":{}}',
            ]),
      },
    }),
    () => ({
      kind: 'header:prefer',
      headers: {
        prefer: random.pick([
          'return=minimal',
          'return=representation',
          'return=',
          'x'.repeat(5000),
          'return=minimal, return=representation',
        ]),
      },
    }),
    () => ({
      kind: 'header:accept',
      headers: {
        accept: random.pick([
          'text/html',
          'application/json;q=0',
          '*/*;q=0.1',
          'application/*',
          ',,,',
          'x'.repeat(5000),
        ]),
      },
    }),
    () => ({
      kind: 'header:authorization',
      headers: {
        authorization: random.pick([
          '',
          'Bearer',
          'Bearer ',
          `Bearer ${'A'.repeat(20_000)}`,
          'Basic Og==',
          'Basic !!!',
          `bearer ${context.token}`,
          `Bearer ${context.token} extra`,
        ]),
      },
    }),
    () => ({
      kind: 'header:assertion',
      headers: {
        'svc-auth-assertion': random.pick([
          'garbage',
          jwt('{}'),
          jwt('{"email":"buyer@example.com"}'),
          jwt('{"payer_id":"x".repeat(1000)}'),
          jwt(`{"email":"${'a'.repeat(5000)}@example.com"}`),
          'a.b.c',
          '...',
        ]),
      },
    }),
    () => ({
      kind: 'header:host',
      headers: {
        host: random.pick(['evil.example', 'localhost:99999', '[::1]', '[::1', 'a b', 'x'.repeat(2000)]),
      },
    }),
    () => ({
      kind: 'header:misc',
      headers: {
        'svc-partner-attribution-id': 'p'.repeat(random.pick([1, 1000, 20_000])),
        'svc-enforce-iso8601-format': random.pick(['true', 'yes', '']),
      },
    }),
  ];
  return random.pick(choices)();
}

/**
 * The next request for `target`: a plausible call (round 0, and now and then after), or one that is
 * wrong in one respect: its body, its media type, a path id, its query or a header.
 */
export function nextRequest(
  target: FuzzTarget,
  round: number,
  random: Random,
  context: FuzzContext,
): FuzzRequest {
  const params: Record<string, string> = {};
  let kind = 'plausible';
  for (const name of target.params) {
    const id =
      round === 0 ? { kind: 'id:known', value: context.ids.at(-1) ?? 'ABC123' } : idFor(random, context);
    params[name] = id.value;
    if (id.kind !== 'id:known') kind = id.kind;
  }
  const path = target.path.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? 'X');
  const query =
    round === 0
      ? { kind: 'query:sample', query: new URLSearchParams(target.sampleQuery).toString() }
      : queryFor(target, random);
  if (query.kind !== 'query:sample') kind = query.kind;

  const headers: Record<string, string> = target.basicAuth
    ? { authorization: context.basic }
    : { authorization: `Bearer ${context.token}` };
  let payload: string | Buffer | undefined;
  const takesBody = target.contentTypes.length > 0;
  const mainType = target.contentTypes[0] ?? 'application/json';
  const form = mainType === FORM_MEDIA_TYPE;
  if (takesBody) {
    headers['content-type'] = mainType;
    payload = form ? String(target.sampleBody ?? '') : JSON.stringify(target.sampleBody ?? {});
  }

  const aspect = round === 0 ? -1 : random.int(10);
  if (aspect >= 0 && aspect <= 3 && takesBody && !form) {
    if (random.chance(0.15)) {
      kind = 'body:deep-value';
      payload = deepValueBody(target.sampleBody ?? {}, random);
    } else {
      const mutated = mutateBody(target.sampleBody ?? {}, random);
      kind = mutated.kind;
      payload = JSON.stringify(mutated.body);
    }
  } else if (aspect === 4 && takesBody) {
    const raw = rawBody(form ? {} : target.sampleBody, random);
    kind = raw.kind;
    payload = raw.payload;
  } else if (aspect === 5) {
    const type = random.pick(CONTENT_TYPES);
    kind = 'content-type';
    if (type === undefined) delete headers['content-type'];
    else headers['content-type'] = type;
    payload ??= random.pick(['{}', 'a=b', '<x/>']);
    if (form && random.chance(0.5)) payload = JSON.stringify({ grant_type: 'client_credentials' });
  } else if (aspect === 6) {
    const odd = oddHeaders(random, context);
    kind = odd.kind;
    Object.assign(headers, odd.headers);
  } else if (aspect === 7 && form) {
    kind = 'form:odd';
    payload = random.pick([
      'grant_type=client_credentials&scope=' + encodeURIComponent('x'.repeat(5000)),
      'grant_type=refresh_token',
      'grant_type=%zz',
      'grant_type=client_credentials&grant_type=password',
      '&&&=&=',
      `grant_type=${'a'.repeat(100_000)}`,
      'grant_type=client_credentials&scope=openid%00',
    ]);
  } else if (aspect === 8 && !takesBody) {
    kind = 'body:unexpected';
    headers['content-type'] = 'application/json';
    payload = random.pick(['{}', '{"x":1}', deepText(MAX_JSON_DEPTH + 1), '[']);
  }
  return {
    target,
    kind,
    method: target.method,
    url: query.query ? `${path}?${query.query}` : path,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  };
}
