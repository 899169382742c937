import type { ZodType } from 'zod';
import { toSchema, type JsonSchema } from '../api/docs/openapi.js';
import type { GroupRegistry } from '../api/group-registry.js';
import { FORM_MEDIA_TYPE, JSON_MEDIA_TYPES } from '../api/pipeline/accept.js';
import type { AnyRoute } from '../api/route.js';
import type { Random } from './random.js';

/**
 * What the fuzz suite sweeps: every operation the registry holds (each group's routes, test helpers
 * included) and every documented page (the token endpoint), read at run time, so a group added later
 * is swept without a line changed here.
 */
export interface FuzzTarget {
  /** `operationId`, or `METHOD path` for a page. */
  name: string;
  method: string;
  /** Fastify path syntax (`/v2/checkout/orders/:id`). */
  path: string;
  params: string[];
  queryNames: string[];
  headerNames: string[];
  /** Media types the body may come in; empty when the operation takes none. */
  contentTypes: readonly string[];
  /** A body the operation should accept (or come close to): the endpoint's example or a sample. */
  sampleBody: unknown;
  /** A sample query (required members filled in). */
  sampleQuery: Record<string, string>;
  /** Errors in the identity form `{error, error_description}` (the token endpoint, userinfo, SCIM). */
  identityErrors: boolean;
  /** Public: no bearer token (the token endpoint takes Basic credentials). */
  basicAuth: boolean;
}

const properties = (schema: ZodType | undefined): { names: string[]; json: JsonSchema | undefined } => {
  if (!schema) return { names: [], json: undefined };
  const json = toSchema(schema) as { properties?: Record<string, JsonSchema> };
  return { names: Object.keys(json.properties ?? {}), json };
};

function routeTarget(route: AnyRoute, random: Random): FuzzTarget {
  const query = properties(route.query);
  const sampleQuery: Record<string, string> = {};
  const required = new Set(((query.json?.required as string[] | undefined) ?? []).map(String));
  for (const [name, schema] of Object.entries(
    (query.json?.properties as Record<string, JsonSchema> | undefined) ?? {},
  )) {
    if (required.has(name)) sampleQuery[name] = String(sampleOf(schema, random, 0) ?? '1');
  }
  return {
    name: route.operationId,
    method: route.method,
    path: route.path,
    params: [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string),
    queryNames: query.names,
    headerNames: properties(route.headers).names,
    contentTypes: route.body ? (route.contentTypes ?? JSON_MEDIA_TYPES) : [],
    sampleBody: route.body ? (route.example ?? sampleOf(toSchema(route.body), random, 0)) : undefined,
    sampleQuery,
    // Identity and SCIM operations answer errors with {error, error_description} (SCIM's members besides).
    identityErrors: route.errorStyle !== undefined,
    basicAuth: false,
  };
}

/** A documented page (OpenAPI path item of a group's `pageDocs`). */
function pageTargets(docs: Record<string, Record<string, unknown>>, random: Random): FuzzTarget[] {
  return Object.entries(docs).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const op = operation as {
        operationId?: string;
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        responses?: Record<string, { description?: string }>;
        security?: Record<string, unknown>[];
      };
      const content = op.requestBody?.content ?? {};
      const [type] = Object.keys(content);
      const schema = type ? content[type]?.schema : undefined;
      const sample = schema ? sampleOf(schema, random, 0) : undefined;
      return {
        name: op.operationId ?? `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path: path.replace(/\{(\w+)\}/g, ':$1'),
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
        queryNames: [],
        headerNames: [],
        contentTypes: Object.keys(content),
        sampleBody:
          type === FORM_MEDIA_TYPE && sample && typeof sample === 'object'
            ? new URLSearchParams(sample as Record<string, string>).toString()
            : sample,
        sampleQuery: {},
        identityErrors: Object.values(op.responses ?? {}).some((r) =>
          String(r.description ?? '').includes('error_description'),
        ),
        basicAuth: (op.security ?? []).some((s) => 'basicAuth' in s),
      };
    }),
  );
}

/** Every operation and documented page of every registered group. */
export function fuzzTargets(groups: GroupRegistry, random: Random): FuzzTarget[] {
  return [
    ...groups.routes().map((route) => routeTarget(route, random)),
    ...pageTargets(groups.pageDocs(), random),
  ];
}

const STRING_CANDIDATES = [
  'ABC123',
  'USD',
  '1',
  '10.00',
  'CAPTURE',
  'buyer@example.com',
  'https://example.com/hooks',
  '2026-05-15T12:00:00Z',
  'x',
];

/** A value of a JSON schema: the first choice of each union and enum, required members, one item. */
export function sampleOf(schema: JsonSchema | undefined, random: Random, depth: number): unknown {
  if (!schema || depth > 12) return null;
  const s = schema as Record<string, unknown>;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) {
      const usable = (options as JsonSchema[]).filter((o) => (o as { type?: string }).type !== 'null');
      return sampleOf((usable[0] ?? options[0]) as JsonSchema, random, depth + 1);
    }
  }
  const type = Array.isArray(s.type) ? (s.type as string[])[0] : (s.type as string | undefined);
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const props = (s.properties as Record<string, JsonSchema> | undefined) ?? {};
      const required = new Set((s.required as string[] | undefined) ?? []);
      for (const [name, prop] of Object.entries(props)) {
        if (required.has(name) || random.chance(0.3)) out[name] = sampleOf(prop, random, depth + 1);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(1, Number(s.minItems ?? 1));
      return Array.from({ length: Math.min(count, 3) }, () =>
        sampleOf(s.items as JsonSchema, random, depth + 1),
      );
    }
    case 'string': {
      if (s.format === 'date-time') return '2026-05-15T12:00:00Z';
      if (s.format === 'email') return 'buyer@example.com';
      if (s.format === 'uri' || s.format === 'url') return 'https://example.com/hooks';
      const min = Number(s.minLength ?? 0);
      const max = Number(s.maxLength ?? 64);
      const fits = (v: string) => v.length >= min && v.length <= max;
      if (typeof s.pattern === 'string') {
        let pattern: RegExp | undefined;
        try {
          pattern = new RegExp(s.pattern);
        } catch {
          pattern = undefined;
        }
        const found = STRING_CANDIDATES.find((v) => fits(v) && (!pattern || pattern.test(v)));
        return found ?? 'A'.repeat(Math.max(min, 1));
      }
      return STRING_CANDIDATES.find(fits) ?? 'A'.repeat(Math.max(min, 1));
    }
    case 'integer':
    case 'number':
      return Number(s.minimum ?? s.exclusiveMinimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}
