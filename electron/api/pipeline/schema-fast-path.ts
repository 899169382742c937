import type { ZodType } from 'zod';

/**
 * A fast path of a zod schema for the input it accepts, built once per schema: plain checks of the
 * common shapes (objects that drop unknown members, strings with lengths and patterns, enumerations,
 * booleans, arrays, optional members), with none of zod's per-value bookkeeping (a result object, an
 * issue list and a check runner for every member). It never decides a refusal: whatever it does not
 * accept, or holds a part it does not know (refinements, transforms, unions, URLs, numbers), it hands
 * back as `NEEDS_ZOD`, and the caller runs zod itself, which answers with the data or the issues. So an
 * error body is always zod's, and an accepted input comes out as zod makes it: a copy with the schema's
 * members in the schema's order, absent optional members left out.
 */
export const NEEDS_ZOD: unique symbol = Symbol('needs zod');

type FastParse = (input: unknown) => unknown;

/** The parts of zod's internal definitions the fast path reads (zod 4's `_zod.def`). */
interface Def {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, ZodType>;
  catchall?: ZodType;
  element?: ZodType;
  innerType?: ZodType;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
}

interface Internals {
  def: Def;
  values?: Set<unknown>;
  /** `optional` on both sides: an absent member is left out (`defaulted` would put a default in). */
  optin?: string;
  optout?: string;
}

const internals = (schema: ZodType): Internals => (schema as unknown as { _zod: Internals })._zod;

const needsZod: FastParse = () => NEEDS_ZOD;

const compiled = new WeakMap<ZodType, FastParse>();

/** The fast path of `schema` (compiled on first use). */
export function fastPathOf(schema: ZodType): FastParse {
  let parse = compiled.get(schema);
  if (!parse) {
    parse = compile(schema);
    compiled.set(schema, parse);
  }
  return parse;
}

function compile(schema: ZodType): FastParse {
  const zod = internals(schema);
  const def = zod.def;
  if (def.coerce) return needsZod;
  switch (def.type) {
    case 'string':
      return compileString(def.checks ?? []);
    case 'boolean':
      return def.checks?.length ? needsZod : (input) => (typeof input === 'boolean' ? input : NEEDS_ZOD);
    case 'enum':
    case 'literal': {
      const values = zod.values;
      if (!values || def.checks?.length) return needsZod;
      return (input) => (values.has(input) ? input : NEEDS_ZOD);
    }
    case 'optional': {
      // An absent member is left out by the object below; here only an explicit undefined arrives.
      if (!def.innerType || internals(def.innerType).optin === 'defaulted') return needsZod;
      const inner = fastPathOf(def.innerType);
      return (input) => (input === undefined ? undefined : inner(input));
    }
    case 'array':
      return compileArray(def);
    case 'object':
      return compileObject(def);
    default:
      return needsZod;
  }
}

/**
 * A string with its length bounds and patterns. zod counts a string's length in code points, so only
 * what is certain in UTF-16 units passes here: at most `maximum` units is at most `maximum` code points,
 * and `2 * minimum - 1` units or more are at least `minimum` code points (a code point is one or two
 * units); anything in between goes to zod.
 */
function compileString(checks: readonly { _zod: { def: CheckDef } }[]): FastParse {
  let minimum = 0;
  let maximum = Infinity;
  const patterns: RegExp[] = [];
  for (const { _zod } of checks) {
    const check = _zod.def;
    if (check.check === 'min_length' && check.minimum !== undefined)
      minimum = Math.max(minimum, check.minimum);
    else if (check.check === 'max_length' && check.maximum !== undefined)
      maximum = Math.min(maximum, check.maximum);
    else if (check.check === 'string_format' && check.format === 'regex' && check.pattern)
      patterns.push(check.pattern);
    else return needsZod;
  }
  const certainlyLongEnough = 2 * minimum - 1;
  return (input) => {
    if (typeof input !== 'string') return NEEDS_ZOD;
    const units = input.length;
    if (units > maximum || units < certainlyLongEnough) return NEEDS_ZOD;
    for (const pattern of patterns) {
      // As zod runs it: a global or sticky pattern starts from the beginning each time.
      pattern.lastIndex = 0;
      if (!pattern.test(input)) return NEEDS_ZOD;
    }
    return input;
  };
}

function compileArray(def: Def): FastParse {
  if (!def.element) return needsZod;
  let minimum = 0;
  let maximum = Infinity;
  for (const { _zod } of def.checks ?? []) {
    const check = _zod.def;
    if (check.check === 'min_length' && check.minimum !== undefined)
      minimum = Math.max(minimum, check.minimum);
    else if (check.check === 'max_length' && check.maximum !== undefined)
      maximum = Math.min(maximum, check.maximum);
    else return needsZod;
  }
  const element = fastPathOf(def.element);
  return (input) => {
    if (!Array.isArray(input) || input.length < minimum || input.length > maximum) return NEEDS_ZOD;
    const out: unknown[] = new Array(input.length);
    for (let i = 0; i < input.length; i++) {
      const value = element(input[i]);
      if (value === NEEDS_ZOD) return NEEDS_ZOD;
      out[i] = value;
    }
    return out;
  };
}

/**
 * An object that drops unknown members (zod's default): a strict or catch-all object goes to zod. Its
 * walk is generated code, one named read and store per member, so each member's access is a plain
 * property access instead of a keyed one that sees every member name of every object (megamorphic).
 */
function compileObject(def: Def): FastParse {
  if (def.catchall !== undefined || def.checks?.length || !def.shape) return needsZod;
  const parsers: FastParse[] = [];
  const lines: string[] = [
    "if (typeof input !== 'object' || input === null || Array.isArray(input)) return NEEDS_ZOD;",
    'const out = {};',
    'let value;',
  ];
  for (const [key, schema] of Object.entries(def.shape)) {
    // Members that every object inherits (`constructor`, `__proto__`) read differently: zod decides.
    if (key in Object.prototype) return needsZod;
    const { optin, optout } = internals(schema);
    const name = JSON.stringify(key);
    const index = parsers.push(fastPathOf(schema)) - 1;
    lines.push(
      `if (!(${name} in input)) ${optin === 'optional' && optout === 'optional' ? '{}' : 'return NEEDS_ZOD;'}`,
      `else { value = parsers[${index}](input[${name}]); if (value === NEEDS_ZOD) return NEEDS_ZOD; out[${name}] = value; }`,
    );
  }
  lines.push('return out;');
  // The code holds nothing but the schema's own member names, each quoted by JSON.stringify.
  try {
    const build = new Function('parsers', 'NEEDS_ZOD', `return (input) => {\n${lines.join('\n')}\n};`) as (
      parsers: FastParse[],
      marker: typeof NEEDS_ZOD,
    ) => FastParse;
    return build(parsers, NEEDS_ZOD);
  } catch {
    // A process that allows no code generation from strings: zod (jitless there too) does it all.
    return needsZod;
  }
}
