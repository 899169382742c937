import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  applyPatch,
  formatPointer,
  getAtPointer,
  JsonPatchError,
  parsePointer,
  type PatchIssue,
  type PatchOperation,
} from './json-patch.js';
import { diffJson } from './json-diff.js';
import { jsonEquals } from './json-values.js';

// Enough runs to hit the interesting shapes while keeping the whole file around a second.
const settings = { numRuns: 200 };

// Snapshot taken before any patch runs, to prove none of them adds members to Object.prototype.
const PROTOTYPE_MEMBERS = Object.getOwnPropertyNames(Object.prototype).sort();

/**
 * Hands each run a private deep copy. Should applyPatch ever regress into mutating its input, the damage
 * stays in that copy instead of corrupting the values fast-check keeps for shrinking, which would turn a
 * clean failure into a shrink loop that never ends.
 */
function isolated<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return arbitrary.map((value) => structuredClone(value));
}

// Bounded depth keeps each run cheap while still producing nested objects and arrays.
const rawJson = fc.jsonValue({ maxDepth: 4 });
const json = isolated(rawJson);

// Keys drawn from a small alphabet collide often, which exercises add-over-existing, escaping and the
// prototype-sensitive names far more than arbitrary strings would.
const key = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'b', '~', '/', '0', '1'), maxLength: 3 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', '-', ''),
);

/**
 * Independent oracle for JSON equality: serialise with sorted keys. Defined own properties keep
 * `__proto__` an ordinary key; `JSON.stringify` already maps `-0` to `0`, matching numeric equality.
 */
function canonical(value: unknown): string {
  const sortKeys = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(sortKeys);
    if (typeof node !== 'object' || node === null) return node;
    const sorted: Record<string, unknown> = {};
    for (const name of Object.keys(node).sort()) {
      const child = sortKeys((node as Record<string, unknown>)[name]);
      Object.defineProperty(sorted, name, {
        value: child,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return sorted;
  };
  return JSON.stringify(sortKeys(value));
}

/** Same value with every object's member order reversed. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (typeof value !== 'object' || value === null) return value;
  const reversed: Record<string, unknown> = {};
  for (const name of Object.keys(value).reverse()) {
    const child = reverseKeys((value as Record<string, unknown>)[name]);
    Object.defineProperty(reversed, name, {
      value: child,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return reversed;
}

interface Node {
  pointer: string;
  value: unknown;
}

/** Every location in the document, root first. */
function nodes(doc: unknown, tokens: string[] = []): Node[] {
  const here: Node = { pointer: formatPointer(tokens), value: doc };
  if (Array.isArray(doc)) return [here, ...doc.flatMap((item, i) => nodes(item, [...tokens, String(i)]))];
  if (typeof doc === 'object' && doc !== null) {
    const entries = Object.entries(doc as Record<string, unknown>);
    return [here, ...entries.flatMap(([name, item]) => nodes(item, [...tokens, name]))];
  }
  return [here];
}

/** A document together with one of its locations, chosen uniformly. */
const docWithNode = isolated(
  rawJson.chain((doc) => {
    const all = nodes(doc);
    return fc.nat({ max: all.length - 1 }).map((i) => ({ doc, node: all[i] as Node }));
  }),
);

function freshKey(object: Record<string, unknown>, base: string): string {
  let name = base;
  while (Object.hasOwn(object, name)) name += '+';
  return name;
}

describe('diffJson', () => {
  it('applyPatch(a, diffJson(a, b)) equals b and leaves a untouched', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const before = canonical(a);
        const result = applyPatch(a, diffJson(a, b));
        expect(canonical(result)).toBe(canonical(b));
        expect(jsonEquals(result, b)).toBe(true);
        expect(canonical(a)).toBe(before);
      }),
      settings,
    );
  });

  it('works for related documents, where most structure is shared', () => {
    fc.assert(
      fc.property(docWithNode, json, ({ doc, node }, replacement) => {
        const edited = applyPatch(doc, [{ op: 'replace', path: node.pointer, value: replacement }]);
        const patch = diffJson(doc, edited);
        expect(jsonEquals(applyPatch(doc, patch), edited)).toBe(true);
        // Only the edited subtree can be touched.
        for (const op of patch) expect(op.path.startsWith(node.pointer)).toBe(true);
      }),
      settings,
    );
  });

  it('produces no operations for equal documents', () => {
    fc.assert(
      fc.property(json, (a) => {
        expect(diffJson(a, structuredClone(a))).toEqual([]);
        expect(diffJson(a, reverseKeys(a))).toEqual([]);
      }),
      settings,
    );
  });
});

describe('jsonEquals', () => {
  it('is reflexive, including against a deep copy', () => {
    fc.assert(
      fc.property(json, (a) => {
        expect(jsonEquals(a, a)).toBe(true);
        expect(jsonEquals(a, structuredClone(a))).toBe(true);
      }),
      settings,
    );
  });

  it('is symmetric and agrees with a canonical-serialisation oracle', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(jsonEquals(a, b)).toBe(jsonEquals(b, a));
        expect(jsonEquals(a, b)).toBe(canonical(a) === canonical(b));
      }),
      settings,
    );
  });

  it('is insensitive to member order', () => {
    fc.assert(
      fc.property(json, (a) => {
        expect(jsonEquals(a, reverseKeys(a))).toBe(true);
      }),
      settings,
    );
  });

  it('detects any single-location change', () => {
    fc.assert(
      fc.property(docWithNode, json, ({ doc, node }, replacement) => {
        fc.pre(!jsonEquals(node.value, replacement));
        const changed = applyPatch(doc, [{ op: 'replace', path: node.pointer, value: replacement }]);
        expect(jsonEquals(doc, changed)).toBe(false);
      }),
      settings,
    );
  });
});

describe('applyPatch', () => {
  it('add then remove of a fresh object member restores the document', () => {
    const withObject = isolated(
      rawJson.chain((doc) => {
        const objects = nodes(doc).filter(
          (n) => typeof n.value === 'object' && n.value !== null && !Array.isArray(n.value),
        );
        // Documents without any object get wrapped so every run exercises the property.
        const target = objects.length > 0 ? fc.constantFrom(...objects) : fc.constant(undefined);
        return fc.record({ doc: fc.constant(doc), target, name: key, value: rawJson });
      }),
    );
    fc.assert(
      fc.property(withObject, ({ doc: original, target, name, value }) => {
        const doc = target === undefined ? { wrapped: original } : original;
        const node = target ?? { pointer: '', value: doc };
        const pointer = formatPointer([
          ...parsePointer(node.pointer),
          freshKey(node.value as Record<string, unknown>, name),
        ]);
        const added = applyPatch(doc, [{ op: 'add', path: pointer, value }]);
        expect(getAtPointer(added, pointer)).toEqual({ found: true, value });
        const restored = applyPatch(added, [{ op: 'remove', path: pointer }]);
        expect(canonical(restored)).toBe(canonical(doc));
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_MEMBERS);
      }),
      settings,
    );
  });

  it('add then remove at an array index restores the document', () => {
    const withArray = isolated(
      fc.tuple(fc.array(rawJson, { maxLength: 6 }), rawJson).chain(([array, value]) =>
        fc.record({
          array: fc.constant(array),
          value: fc.constant(value),
          index: fc.nat({ max: array.length }),
        }),
      ),
    );
    fc.assert(
      fc.property(withArray, ({ array, value, index }) => {
        const added = applyPatch(array, [{ op: 'add', path: `/${index}`, value }]);
        expect(added).toHaveLength(array.length + 1);
        expect(jsonEquals(added[index], value)).toBe(true);
        expect(canonical(applyPatch(added, [{ op: 'remove', path: `/${index}` }]))).toBe(canonical(array));
      }),
      settings,
    );
  });

  it('test succeeds on the value getAtPointer reports, for every location', () => {
    fc.assert(
      fc.property(json, (doc) => {
        for (const { pointer } of nodes(doc)) {
          const lookup = getAtPointer(doc, pointer);
          expect(lookup.found).toBe(true);
          if (!lookup.found) continue;
          const result = applyPatch(doc, [
            { op: 'test', path: pointer, value: lookup.value },
            { op: 'test', path: pointer, value: reverseKeys(lookup.value) },
          ]);
          expect(canonical(result)).toBe(canonical(doc));
        }
      }),
      settings,
    );
  });

  it('move to a fresh member and back restores the document', () => {
    fc.assert(
      fc.property(docWithNode, ({ doc, node }) => {
        fc.pre(node.pointer !== '');
        const holder = { doc };
        const from = `/doc${node.pointer}`;
        const result = applyPatch(holder, [
          { op: 'move', from, path: '/parked' },
          { op: 'test', path: '/parked', value: node.value },
          { op: 'move', from: '/parked', path: from },
        ]);
        expect(canonical(result)).toBe(canonical(holder));
      }),
      settings,
    );
  });

  const failures: { issue: PatchIssue; make: (doc: unknown) => PatchOperation }[] = [
    // An array containing the document can never equal the document itself.
    { issue: 'TEST_FAILED', make: (doc) => ({ op: 'test', path: '', value: [doc] }) },
    { issue: 'MOVE_INTO_OWN_CHILD', make: () => ({ op: 'move', from: '', path: '/x' }) },
    { issue: 'INVALID_OPERATION', make: () => ({ op: 'merge', path: '' }) as unknown as PatchOperation },
    { issue: 'MISSING_VALUE', make: () => ({ op: 'replace', path: '' }) },
    { issue: 'MISSING_FROM', make: () => ({ op: 'copy', path: '' }) },
    { issue: 'INVALID_PATH', make: () => ({ op: 'remove', path: 'no-slash' }) },
    { issue: 'PATH_NOT_FOUND', make: () => ({ op: 'add', path: '/-/-/-', value: 1 }) },
  ];

  it('a failing operation leaves the input unchanged and reports its index', () => {
    fc.assert(
      fc.property(json, json, fc.constantFrom(...failures), (doc, other, failure) => {
        const snapshot = structuredClone(doc);
        // A real, mutating prefix makes sure the working copy diverged before the failure.
        const prefix = diffJson(doc, other);
        let caught: unknown;
        try {
          applyPatch(doc, [...prefix, failure.make(other)]);
        } catch (error) {
          caught = error;
        }
        expect(caught).toBeInstanceOf(JsonPatchError);
        expect(caught).toMatchObject({ issue: failure.issue, index: prefix.length });
        expect(doc).toStrictEqual(snapshot);
      }),
      settings,
    );
  });

  it('never aliases: mutating the result leaves the input intact', () => {
    fc.assert(
      fc.property(docWithNode, ({ doc, node }) => {
        const before = canonical(doc);
        const result = applyPatch(doc, [{ op: 'copy', from: node.pointer, path: node.pointer }]);
        for (const { value } of nodes(result)) {
          if (Array.isArray(value)) value.push('mutated');
          else if (typeof value === 'object' && value !== null) Object.assign(value, { mutated: true });
        }
        expect(canonical(doc)).toBe(before);
      }),
      settings,
    );
  });
});

describe('JSON Pointer', () => {
  it('formatPointer and parsePointer are inverse', () => {
    fc.assert(
      fc.property(
        fc.array(key, { maxLength: 5 }),
        fc.array(fc.string(), { maxLength: 3 }),
        (tokens, more) => {
          const all = [...tokens, ...more];
          expect(parsePointer(formatPointer(all))).toEqual(all);
        },
      ),
      settings,
    );
  });

  it('every generated location resolves to its value', () => {
    fc.assert(
      fc.property(json, (doc) => {
        for (const { pointer, value } of nodes(doc)) {
          expect(getAtPointer(doc, pointer)).toEqual({ found: true, value });
        }
      }),
      settings,
    );
  });
});
