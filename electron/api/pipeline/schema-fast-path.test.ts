import fc from 'fast-check';
import { z, type ZodType } from 'zod';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../shared/api/registry.js';
import { OrderCreateHeaders, OrderCreateSchema } from '../../../shared/api/orders-v2/schemas.js';
import { SAMPLE_ORDER_CREATE } from '../../test-support/fixtures.js';
import { fastPathOf, NEEDS_ZOD } from './schema-fast-path.js';

/** Members and items in order, so two values that print alike but list their keys differently differ. */
const ordered = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(ordered)
    : value !== null && typeof value === 'object'
      ? Object.entries(value).map(([key, member]) => [key, ordered(member)])
      : value;

/** The fast path either leaves the input to zod, or answers exactly what zod answers for it. */
function expectAsZod(schema: ZodType, input: unknown): void {
  const fast = fastPathOf(schema)(input);
  if (fast === NEEDS_ZOD) return;
  const zod = schema.safeParse(input, { reportInput: true });
  expect(zod.success, `zod refuses what the fast path took: ${JSON.stringify(input)}`).toBe(true);
  expect(ordered(fast)).toEqual(ordered(zod.data));
}

const ORDER = SAMPLE_ORDER_CREATE;

describe('the schema fast path', () => {
  it("takes a plain order create and answers zod's copy: schema order, unknown members dropped", () => {
    const input = { extra: true, ...structuredClone(ORDER) };
    const fast = fastPathOf(OrderCreateSchema)(input);
    expect(fast).not.toBe(NEEDS_ZOD);
    expect(ordered(fast)).toEqual(ordered(OrderCreateSchema.parse(input)));
    expect(fast).not.toHaveProperty('extra');
    // The second item listed sku first: the copy lists it where the schema does.
    const item = (fast as typeof ORDER).purchase_units[0]?.items[1];
    expect(Object.keys(item ?? {})).toEqual(['name', 'unit_amount', 'quantity', 'sku']);
  });

  it('takes the headers of a create, keeping only the ones the operation reads', () => {
    const headers = { host: 'localhost', prefer: 'return=minimal', 'svc-request-id': 'abc' };
    const fast = fastPathOf(OrderCreateHeaders)(headers);
    expect(fast).toEqual({ 'svc-request-id': 'abc', prefer: 'return=minimal' });
    expectAsZod(OrderCreateHeaders, headers);
  });

  it('leaves every refusal, and every part it does not know, to zod', () => {
    const parse = fastPathOf(OrderCreateSchema);
    expect(parse({ ...ORDER, intent: 'SELL' })).toBe(NEEDS_ZOD);
    expect(parse({ purchase_units: ORDER.purchase_units })).toBe(NEEDS_ZOD);
    expect(parse({ ...ORDER, purchase_units: [] })).toBe(NEEDS_ZOD);
    // A payment source has refinements (exactly one source, a card's number or vault id).
    expect(parse({ ...ORDER, payment_source: { card: { number: '4111111111111111' } } })).toBe(NEEDS_ZOD);
    expect(fastPathOf(z.string().url())('https://example.com')).toBe(NEEDS_ZOD);
    expect(fastPathOf(z.object({ a: z.string() }).strict())({ a: 'x' })).toBe(NEEDS_ZOD);
    expect(fastPathOf(z.object({ a: z.string().default('x') }))({})).toBe(NEEDS_ZOD);
    expect(fastPathOf(z.object({ a: z.string().optional().default('x') }))({})).toBe(NEEDS_ZOD);
  });

  it('counts lengths as zod does (code points), leaving the doubtful ones to zod', () => {
    const name = z.string().min(2).max(3);
    for (const input of [
      'ab',
      'abc',
      'a',
      'abcd',
      '😀😀',
      '😀a',
      '😀😀😀',
      '😀😀😀😀',
      '\ud800',
      '\ud800\ud800',
    ])
      expectAsZod(name, input);
    expect(fastPathOf(name)('😀😀😀')).toBe(NEEDS_ZOD);
  });

  it('answers as zod for every operation of the API: its example body, and odd variants of it', () => {
    for (const endpoint of ENDPOINTS) {
      if (endpoint.body) expectAsZod(endpoint.body, endpoint.example);
      if (endpoint.headers) expectAsZod(endpoint.headers, { prefer: 'return=representation', host: 'x' });
    }
  });

  it('answers as zod for arbitrary changes to an order create', () => {
    const leaf = fc.oneof(
      fc.string(),
      fc.constantFrom('CAPTURE', 'AUTHORIZE', 'USD', '10.00', '1', 'PHYSICAL_GOODS', '😀', ''),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
      fc.array(fc.string(), { maxLength: 2 }),
    );
    /** The order with one member somewhere replaced, removed or added. */
    const mutated = fc
      .tuple(fc.nat(), fc.constantFrom('replace', 'remove', 'add'), leaf, fc.string({ maxLength: 8 }))
      .map(([pick, how, value, name]) => {
        const copy = structuredClone(ORDER) as unknown as Record<string, unknown>;
        const slots: [Record<string, unknown>, string][] = [];
        const walk = (node: unknown) => {
          if (node === null || typeof node !== 'object') return;
          for (const [key, member] of Object.entries(node)) {
            slots.push([node as Record<string, unknown>, key]);
            walk(member);
          }
        };
        walk(copy);
        const [parent, key] = slots[pick % slots.length] ?? [copy, 'intent'];
        if (how === 'replace') parent[key] = value;
        else if (how === 'remove') delete parent[key];
        else parent[name] = value;
        return copy;
      });
    fc.assert(
      fc.property(mutated, (input) => expectAsZod(OrderCreateSchema, input)),
      { numRuns: 2000 },
    );
  });
});
