import { MAX_JSON_DEPTH } from '../../shared/json-depth.js';
import type { Random } from './random.js';

/**
 * The fuzz sweep's bodies: JSON bodies with one member made odd, removed or added, whole payloads no
 * operation takes (broken JSON, odd encodings, huge, deep), and values nested past the depth limit.
 */

const DEEP_MARKER = '\u0001deep\u0001';

export const deepText = (depth: number, open = '[', close = ']', inner = '1'): string =>
  open.repeat(depth) + inner + close.repeat(depth);

/** An own `__proto__` member (JSON.parse makes it a data member, not the prototype). */
const protoObject = (): unknown =>
  JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":1}}');

/** Values that break assumptions: wrong types, limits, encodings, injections. */
function oddValue(random: Random): unknown {
  const values: (() => unknown)[] = [
    () => null,
    () => true,
    () => false,
    () => 0,
    () => -1,
    () => -0,
    () => 1.5,
    () => 1e308,
    () => -1e308,
    () => 2 ** 53 + 1,
    () => 4111111111111111,
    () => '',
    () => ' ',
    () => 'null',
    () => '-1',
    () => '1e999',
    () => 'NaN',
    () => '١٢٣',
    () => 'x'.repeat(random.pick([37, 101, 128, 256, 2049, 5000])),
    () => 'y'.repeat(100_000),
    () => '\u0000',
    () => '\ud800',
    () => '\udfff\ud800x',
    () => '😀'.repeat(40),
    () => '\u202e\u202dabc',
    () => 'a\r\nb: c',
    () => '<script>alert(1)</script>',
    () => "' OR 1=1--",
    () => '../../etc/passwd',
    () => '%00%2F%zz',
    () => '${7*7}{{7*7}}',
    () => '4111 1111 1111 1111',
    () => '2026-13-45T99:99:99Z',
    () => '9999-12-31T23:59:59.999999999+14:00',
    () => '-0.00',
    () => '99999999999999999999.99',
    () => '1.0000001',
    () => '0x10',
    () => 'usd',
    () => 'XXX',
    () => [],
    () => [null],
    () => Array.from({ length: random.pick([11, 101, 1001]) }, () => ({})),
    () => ({}),
    () => protoObject(),
    () => JSON.parse(deepText(MAX_JSON_DEPTH - 8, '{"a":', '}')),
  ];
  return random.pick(values)();
}

type Path = (string | number)[];

/** Every path to a value inside `value` (iterative, bounded). */
function pathsOf(value: unknown): Path[] {
  const out: Path[] = [[]];
  const stack: [unknown, Path][] = [[value, []]];
  while (stack.length > 0 && out.length < 500) {
    const [node, path] = stack.pop() as [unknown, Path];
    if (node === null || typeof node !== 'object' || path.length > 16) continue;
    for (const [key, child] of Object.entries(node)) {
      const next = [...path, Array.isArray(node) ? Number(key) : key];
      out.push(next);
      stack.push([child, next]);
    }
  }
  return out;
}

const copy = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/** `value` with the member at `path` replaced (`undefined`: removed); the root is replaced outright. */
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const root = copy(value);
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (node === null || typeof node !== 'object') return replacement;
  if (replacement === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else
    Object.defineProperty(node, last, {
      value: replacement,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return root;
}

/** Mutations of a JSON body: one member changed, removed, added, an array grown. */
export function mutateBody(sample: unknown, random: Random): { kind: string; body: unknown } {
  const paths = pathsOf(sample);
  const path = random.pick(paths);
  switch (random.int(5)) {
    case 0:
      return { kind: 'body:remove', body: path.length > 0 ? setAt(sample, path, undefined) : {} };
    case 1: {
      const objects = paths.filter((p) => {
        let node: unknown = sample;
        for (const k of p) node = (node as Record<string | number, unknown>)[k];
        return node !== null && typeof node === 'object' && !Array.isArray(node);
      });
      if (objects.length === 0) return { kind: 'body:add', body: { unknown_field: oddValue(random) } };
      const at = random.pick(objects);
      const name = random.pick(['unknown_field', '__proto__', 'constructor', '', 'x'.repeat(300), '\u0000']);
      return { kind: 'body:add', body: setAt(sample, [...at, name], oddValue(random)) };
    }
    case 2: {
      const arrays = paths.filter((p) => {
        let node: unknown = sample;
        for (const k of p) node = (node as Record<string | number, unknown>)[k];
        return Array.isArray(node);
      });
      if (arrays.length === 0) return { kind: 'body:leaf', body: setAt(sample, path, oddValue(random)) };
      const at = random.pick(arrays);
      let node: unknown = sample;
      for (const k of at) node = (node as Record<string | number, unknown>)[k];
      const item = (node as unknown[])[0] ?? {};
      const count = random.pick([0, 11, 101, 1001, 15_001]);
      return {
        kind: 'body:array',
        body: setAt(
          sample,
          at,
          Array.from({ length: count }, () => copy(item)),
        ),
      };
    }
    default:
      return { kind: 'body:leaf', body: setAt(sample, path, oddValue(random)) };
  }
}

/** Whole bodies that are not what any operation takes: broken JSON, odd encodings, huge, deep. */
export function rawBody(sample: unknown, random: Random): { kind: string; payload: string | Buffer } {
  const json = JSON.stringify(sample ?? {});
  const cases: (() => { kind: string; payload: string | Buffer })[] = [
    () => ({ kind: 'raw:null', payload: 'null' }),
    () => ({ kind: 'raw:scalar', payload: random.pick(['0', '"text"', 'true', '-1e999', '[]', '{}']) }),
    () => ({ kind: 'raw:truncated', payload: json.slice(0, Math.max(1, Math.floor(json.length / 2))) }),
    () => ({ kind: 'raw:trailing', payload: `${json} garbage` }),
    () => ({ kind: 'raw:trailing-comma', payload: json.replace(/}$/, ',}') }),
    () => ({ kind: 'raw:bom', payload: `\ufeff${json}` }),
    () => ({ kind: 'raw:utf16', payload: Buffer.from(json, 'utf16le') }),
    () => ({
      kind: 'raw:invalid-utf8',
      payload: Buffer.concat([
        Buffer.from(json.slice(0, -1)),
        Buffer.from(',"x":"'),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf, 0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]),
    }),
    () => ({ kind: 'raw:control-chars', payload: json.replace(/"$/, '').replace(/:"/, ':"\u0000\u0001\n') }),
    () => ({ kind: 'raw:duplicate-keys', payload: json.replace(/^\{/, '{"intent":1,"intent":[],') }),
    () => ({ kind: 'raw:deep', payload: deepText(random.pick([MAX_JSON_DEPTH + 1, 10_000, 200_000])) }),
    () => ({
      kind: 'raw:deep-objects',
      payload: deepText(random.pick([MAX_JSON_DEPTH + 1, 50_000]), '{"a":', '}'),
    }),
    () => ({ kind: 'raw:wide', payload: `[${'0,'.repeat(100_000)}0]` }),
    () => ({
      kind: 'raw:many-keys',
      payload: `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
    }),
    () => ({ kind: 'raw:huge-number', payload: json.replace(/^\{/, `{"n":1${'0'.repeat(400)},`) }),
    () => ({ kind: 'raw:too-large', payload: `{"x":"${'z'.repeat(1_100_000)}"}` }),
    () => ({ kind: 'raw:escapes', payload: `{"x":"\\ud800\\u0000\\uZZZZ"}` }),
  ];
  return random.pick(cases)();
}

/** A value nested deep inside an otherwise plausible body (spliced in as text: no recursion here). */
export function deepValueBody(sample: unknown, random: Random): string {
  const at = random.pick(pathsOf(sample));
  return JSON.stringify(setAt(sample, at, DEEP_MARKER)).replace(
    JSON.stringify(DEEP_MARKER),
    deepText(random.pick([MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1, 7_660, 100_000]), '{"a":', '}'),
  );
}
