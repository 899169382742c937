import { describe, expect, it } from 'vitest';

import {
  applyPatch,
  formatPointer,
  getAtPointer,
  JsonPatchError,
  operationFormatError,
  parsePointer,
  type PatchIssue,
  type PatchOperation,
} from './json-patch.js';
import { diffJson } from './json-diff.js';
import { jsonEquals } from './json-values.js';

interface ExpectedError {
  index?: number;
  issue: PatchIssue;
  member?: string;
  pointer?: string;
}

function catchPatchError(run: () => unknown): JsonPatchError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(JsonPatchError);
    return error as JsonPatchError;
  }
  throw new Error('expected a JsonPatchError, but nothing was thrown');
}

// Freezing proves non-mutation structurally: any write to the input would throw in strict-mode ESM.
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/** Builds operations from plain JSON, the way they arrive over the wire (unchecked shape). */
function ops(...operations: Record<string, unknown>[]): PatchOperation[] {
  return operations as unknown as PatchOperation[];
}

describe('parsePointer / formatPointer', () => {
  const cases: [pointer: string, tokens: string[]][] = [
    ['', []],
    ['/', ['']],
    ['//', ['', '']],
    ['/foo', ['foo']],
    ['/foo/0', ['foo', '0']],
    ['/a~1b', ['a/b']],
    ['/m~0n', ['m~n']],
    // `~01` is an escaped `~` followed by `1`, not an escaped `/`.
    ['/~01', ['~1']],
    ['/~10', ['/0']],
    ['/~0~1/~1~0', ['~/', '/~']],
    ['/ ', [' ']],
    ['/c%d', ['c%d']],
    ['/k"l', ['k"l']],
    ['/__proto__', ['__proto__']],
  ];

  it.each(cases)('parses %j', (pointer, tokens) => {
    expect(parsePointer(pointer)).toEqual(tokens);
  });

  it.each(cases)('formats %j', (pointer, tokens) => {
    expect(formatPointer(tokens)).toBe(pointer);
  });

  it.each(['foo', '#/foo', ' /foo', '/~', '/a~', '/~2', '/a~b', '/ok/~/x'])('rejects %j', (pointer) => {
    const error = catchPatchError(() => parsePointer(pointer));
    expect(error).toMatchObject({ index: -1, issue: 'INVALID_PATH', pointer, member: 'path' });
    expect(error.name).toBe('JsonPatchError');
    expect(error.message).toContain('INVALID_PATH');
  });
});

describe('getAtPointer', () => {
  // RFC 6901 §5.
  const doc = deepFreeze({
    foo: ['bar', 'baz'],
    '': 0,
    'a/b': 1,
    'c%d': 2,
    'e^f': 3,
    'g|h': 4,
    'i\\j': 5,
    'k"l': 6,
    ' ': 7,
    'm~n': 8,
  });

  it.each<[string, unknown]>([
    ['', doc],
    ['/foo', ['bar', 'baz']],
    ['/foo/0', 'bar'],
    ['/', 0],
    ['/a~1b', 1],
    ['/c%d', 2],
    ['/e^f', 3],
    ['/g|h', 4],
    ['/i\\j', 5],
    ['/k"l', 6],
    ['/ ', 7],
    ['/m~0n', 8],
  ])('finds %j', (pointer, value) => {
    expect(getAtPointer(doc, pointer)).toEqual({ found: true, value });
  });

  it.each([
    '/missing',
    '/foo/2',
    '/foo/-',
    '/foo/01',
    '/foo/-1',
    '/foo/length',
    '/foo/0/x',
    '/a~1b/x',
    '/constructor',
    '/__proto__',
    '/toString',
    '/hasOwnProperty',
  ])('does not find %j', (pointer) => {
    expect(getAtPointer(doc, pointer)).toEqual({ found: false });
  });

  it('resolves null and falsy values as found', () => {
    expect(getAtPointer({ a: null, b: false, c: [0] }, '/a')).toEqual({ found: true, value: null });
    expect(getAtPointer({ a: null, b: false, c: [0] }, '/b')).toEqual({ found: true, value: false });
    expect(getAtPointer({ a: null, b: false, c: [0] }, '/c/0')).toEqual({ found: true, value: 0 });
  });

  it('throws INVALID_PATH for malformed pointers', () => {
    expect(catchPatchError(() => getAtPointer(doc, 'foo'))).toMatchObject({
      issue: 'INVALID_PATH',
      index: -1,
    });
  });
});

describe('jsonEquals (RFC 6902 §4.6 equality)', () => {
  const composedE = '\u00e9';
  const decomposedE = 'e\u0301';
  const cases: [label: string, a: unknown, b: unknown, equal: boolean][] = [
    ['identical strings', 'abc', 'abc', true],
    ['strings differing in code points', 'abc', 'abd', false],
    ['canonically equivalent but different code points', composedE, decomposedE, false],
    ['string vs number', '1', 1, false],
    ['integer vs float with same value', 1, 1.0, true],
    ['numbers in different notation', 100, 1e2, true],
    ['zero vs negative zero', 0, -0, true],
    ['different numbers', 1, 1.0000001, false],
    ['true vs true', true, true, true],
    ['true vs false', true, false, false],
    ['true vs 1', true, 1, false],
    ['null vs null', null, null, true],
    ['null vs false', null, false, false],
    ['null vs 0', null, 0, false],
    ['null vs empty object', null, {}, false],
    ['null vs empty array', null, [], false],
    ['empty string vs 0', '', 0, false],
    ['empty array vs empty object', [], {}, false],
    ['equal arrays', [1, 'a', null], [1, 'a', null], true],
    ['arrays in different order', [1, 2], [2, 1], false],
    ['arrays of different length', [1], [1, 1], false],
    ['array vs object with index keys', ['a'], { 0: 'a' }, false],
    ['objects with different member order', { a: 1, b: 2 }, { b: 2, a: 1 }, true],
    ['objects with different keys', { a: 1 }, { b: 1 }, false],
    ['object with an extra null member', { a: 1, b: null }, { a: 1 }, false],
    ['objects with different values', { a: 1 }, { a: '1' }, false],
    ['nested equal structures', { a: [{ b: { c: [1, 2] } }] }, { a: [{ b: { c: [1, 2.0] } }] }, true],
    ['nested differing structures', { a: [{ b: { c: [1, 2] } }] }, { a: [{ b: { c: [1, 3] } }] }, false],
  ];

  it.each(cases)('%s', (_label, a, b, equal) => {
    expect(jsonEquals(a, b)).toBe(equal);
    expect(jsonEquals(b, a)).toBe(equal);
  });

  it.each(cases)('test op agrees: %s', (_label, a, b, equal) => {
    const run = () => applyPatch({ target: a }, [{ op: 'test', path: '/target', value: b }]);
    if (equal) {
      expect(run()).toEqual({ target: a });
    } else {
      expect(catchPatchError(run)).toMatchObject({
        issue: 'TEST_FAILED',
        member: 'value',
        pointer: '/target',
      });
    }
  });
});

describe('applyPatch: successful operations', () => {
  const cases: [label: string, doc: unknown, patch: PatchOperation[], expected: unknown][] = [
    // add
    ['add new object member', { a: 1 }, [{ op: 'add', path: '/b', value: 2 }], { a: 1, b: 2 }],
    ['add replaces existing member', { a: 1 }, [{ op: 'add', path: '/a', value: [2] }], { a: [2] }],
    ['add null value', {}, [{ op: 'add', path: '/a', value: null }], { a: null }],
    ['add empty-string key', {}, [{ op: 'add', path: '/', value: 1 }], { '': 1 }],
    ['add escaped key', {}, [{ op: 'add', path: '/a~1b~0c', value: 1 }], { 'a/b~c': 1 }],
    [
      'add nested member',
      { a: { b: {} } },
      [{ op: 'add', path: '/a/b/c', value: 1 }],
      { a: { b: { c: 1 } } },
    ],
    ['add inserts into array', [1, 3], [{ op: 'add', path: '/1', value: 2 }], [1, 2, 3]],
    ['add at index 0', [2], [{ op: 'add', path: '/0', value: 1 }], [1, 2]],
    ['add at index == length', [1], [{ op: 'add', path: '/1', value: 2 }], [1, 2]],
    ['add "-" appends', { a: [1] }, [{ op: 'add', path: '/a/-', value: 2 }], { a: [1, 2] }],
    ['add "-" to empty array', [], [{ op: 'add', path: '/-', value: 'x' }], ['x']],
    ['add "" replaces the document', { a: 1 }, [{ op: 'add', path: '', value: [1] }], [1]],
    ['add numeric key to object', { a: 1 }, [{ op: 'add', path: '/0', value: 2 }], { a: 1, 0: 2 }],
    // remove
    ['remove object member', { a: 1, b: 2 }, [{ op: 'remove', path: '/a' }], { b: 2 }],
    ['remove array element shifts the rest', [1, 2, 3], [{ op: 'remove', path: '/0' }], [2, 3]],
    ['remove last array element', [1, 2, 3], [{ op: 'remove', path: '/2' }], [1, 2]],
    ['remove member whose value is null', { a: null }, [{ op: 'remove', path: '/a' }], {}],
    [
      'remove nested',
      { a: { b: [1, { c: 1 }] } },
      [{ op: 'remove', path: '/a/b/1/c' }],
      { a: { b: [1, {}] } },
    ],
    // replace
    ['replace object member', { a: 1 }, [{ op: 'replace', path: '/a', value: 'x' }], { a: 'x' }],
    ['replace with null', { a: 1 }, [{ op: 'replace', path: '/a', value: null }], { a: null }],
    ['replace array element', [1, 2], [{ op: 'replace', path: '/1', value: 3 }], [1, 3]],
    ['replace the document', { a: 1 }, [{ op: 'replace', path: '', value: 'x' }], 'x'],
    ['replace scalar document', 1, [{ op: 'replace', path: '', value: { a: 1 } }], { a: 1 }],
    // move
    ['move member', { a: 1, b: {} }, [{ op: 'move', from: '/a', path: '/b/c' }], { b: { c: 1 } }],
    ['move renames a member', { a: 1 }, [{ op: 'move', from: '/a', path: '/z' }], { z: 1 }],
    ['move onto an existing member', { a: 1, b: 2 }, [{ op: 'move', from: '/a', path: '/b' }], { b: 1 }],
    ['move to the same location', { a: [1] }, [{ op: 'move', from: '/a', path: '/a' }], { a: [1] }],
    ['move "" to ""', { a: 1 }, [{ op: 'move', from: '', path: '' }], { a: 1 }],
    ['move array element forward', [1, 2, 3], [{ op: 'move', from: '/0', path: '/2' }], [2, 3, 1]],
    ['move array element backward', [1, 2, 3], [{ op: 'move', from: '/2', path: '/0' }], [3, 1, 2]],
    [
      'move between arrays',
      { a: [1], b: [] },
      [{ op: 'move', from: '/a/0', path: '/b/-' }],
      { a: [], b: [1] },
    ],
    ['move child to the root', { a: { b: 1 } }, [{ op: 'move', from: '/a', path: '' }], { b: 1 }],
    ['move "/a" next to "/ab"', { a: 1 }, [{ op: 'move', from: '/a', path: '/ab' }], { ab: 1 }],
    // copy
    ['copy member', { a: { b: 1 } }, [{ op: 'copy', from: '/a', path: '/c' }], { a: { b: 1 }, c: { b: 1 } }],
    ['copy array element', [1, 2], [{ op: 'copy', from: '/0', path: '/-' }], [1, 2, 1]],
    [
      'copy onto an existing member',
      { a: 1, b: 2 },
      [{ op: 'copy', from: '/a', path: '/b' }],
      { a: 1, b: 1 },
    ],
    [
      'copy the document into itself',
      { a: 1 },
      [{ op: 'copy', from: '', path: '/self' }],
      { a: 1, self: { a: 1 } },
    ],
    ['copy a child to the root', { a: [1] }, [{ op: 'copy', from: '/a', path: '' }], [1]],
    // test
    ['test string', { a: 'x' }, [{ op: 'test', path: '/a', value: 'x' }], { a: 'x' }],
    ['test null', { a: null }, [{ op: 'test', path: '/a', value: null }], { a: null }],
    ['test array element', [0, [1]], [{ op: 'test', path: '/1', value: [1] }], [0, [1]]],
    [
      'test whole document',
      { a: 1, b: 2 },
      [{ op: 'test', path: '', value: { b: 2, a: 1 } }],
      { a: 1, b: 2 },
    ],
    // sequences
    [
      'later operations see earlier results',
      {},
      [
        { op: 'add', path: '/list', value: [] },
        { op: 'add', path: '/list/-', value: 'a' },
        { op: 'add', path: '/list/0', value: 'b' },
        { op: 'test', path: '/list', value: ['b', 'a'] },
        { op: 'copy', from: '/list', path: '/copy' },
        { op: 'remove', path: '/list/1' },
        { op: 'replace', path: '/copy/0', value: 'c' },
        { op: 'move', from: '/copy', path: '/moved' },
      ],
      { list: ['b'], moved: ['c', 'a'] },
    ],
    ['empty patch', { a: [1] }, [], { a: [1] }],
  ];

  it.each(cases)('%s', (_label, doc, patch, expected) => {
    const input = deepFreeze(structuredClone(doc));
    const result = applyPatch(input, patch);
    expect(result).toStrictEqual(expected);
    expect(input).toStrictEqual(doc);
  });
});

describe('applyPatch: failing operations', () => {
  const cases: [label: string, doc: unknown, patch: PatchOperation[], expected: ExpectedError][] = [
    // add
    [
      'add with missing parent',
      {},
      [{ op: 'add', path: '/a/b', value: 1 }],
      { issue: 'PATH_NOT_FOUND', member: 'path', pointer: '/a/b' },
    ],
    [
      'add below a scalar',
      { a: 1 },
      [{ op: 'add', path: '/a/b', value: 1 }],
      { issue: 'PATH_NOT_FOUND', member: 'path', pointer: '/a/b' },
    ],
    [
      'add below null',
      { a: null },
      [{ op: 'add', path: '/a/b', value: 1 }],
      { issue: 'PATH_NOT_FOUND', member: 'path' },
    ],
    [
      'add index > length',
      [1],
      [{ op: 'add', path: '/2', value: 1 }],
      { issue: 'INVALID_ARRAY_INDEX', member: 'path', pointer: '/2' },
    ],
    [
      'add leading-zero index',
      [1, 2],
      [{ op: 'add', path: '/01', value: 1 }],
      { issue: 'INVALID_ARRAY_INDEX' },
    ],
    ['add negative index', [1], [{ op: 'add', path: '/-1', value: 1 }], { issue: 'INVALID_ARRAY_INDEX' }],
    ['add non-numeric index', [1], [{ op: 'add', path: '/x', value: 1 }], { issue: 'INVALID_ARRAY_INDEX' }],
    ['add exponent index', [1], [{ op: 'add', path: '/1e0', value: 1 }], { issue: 'INVALID_ARRAY_INDEX' }],
    [
      'add through a non-canonical index',
      [[1]],
      [{ op: 'add', path: '/00/0', value: 1 }],
      { issue: 'INVALID_ARRAY_INDEX' },
    ],
    [
      'add through "-"',
      [[1]],
      [{ op: 'add', path: '/-/0', value: 1 }],
      { issue: 'PATH_NOT_FOUND', member: 'path' },
    ],
    [
      'add without value',
      {},
      ops({ op: 'add', path: '/a' }),
      { issue: 'MISSING_VALUE', member: 'value', pointer: '/a' },
    ],
    [
      'add with undefined value',
      {},
      [{ op: 'add', path: '/a', value: undefined }],
      { issue: 'MISSING_VALUE', member: 'value' },
    ],
    [
      'add with path lacking "/"',
      {},
      [{ op: 'add', path: 'a', value: 1 }],
      { issue: 'INVALID_PATH', member: 'path', pointer: 'a' },
    ],
    [
      'add with bad escape',
      {},
      [{ op: 'add', path: '/a~2', value: 1 }],
      { issue: 'INVALID_PATH', member: 'path', pointer: '/a~2' },
    ],
    // remove
    [
      'remove missing member',
      { a: 1 },
      [{ op: 'remove', path: '/b' }],
      { issue: 'PATH_NOT_FOUND', member: 'path', pointer: '/b' },
    ],
    ['remove missing parent', { a: 1 }, [{ op: 'remove', path: '/b/c' }], { issue: 'PATH_NOT_FOUND' }],
    ['remove index out of range', [1], [{ op: 'remove', path: '/1' }], { issue: 'PATH_NOT_FOUND' }],
    ['remove "-"', [1], [{ op: 'remove', path: '/-' }], { issue: 'PATH_NOT_FOUND' }],
    ['remove non-canonical index', [1, 2], [{ op: 'remove', path: '/01' }], { issue: 'INVALID_ARRAY_INDEX' }],
    ['remove inherited member', {}, [{ op: 'remove', path: '/toString' }], { issue: 'PATH_NOT_FOUND' }],
    [
      'remove the document',
      { a: 1 },
      [{ op: 'remove', path: '' }],
      { issue: 'INVALID_PATH', member: 'path' },
    ],
    // replace
    [
      'replace missing member',
      { a: 1 },
      [{ op: 'replace', path: '/b', value: 1 }],
      { issue: 'PATH_NOT_FOUND', member: 'path', pointer: '/b' },
    ],
    ['replace index == length', [1], [{ op: 'replace', path: '/1', value: 1 }], { issue: 'PATH_NOT_FOUND' }],
    ['replace "-"', [1], [{ op: 'replace', path: '/-', value: 1 }], { issue: 'PATH_NOT_FOUND' }],
    [
      'replace without value',
      { a: 1 },
      ops({ op: 'replace', path: '/a' }),
      { issue: 'MISSING_VALUE', member: 'value', pointer: '/a' },
    ],
    // move
    [
      'move from missing location',
      { a: 1 },
      [{ op: 'move', from: '/b', path: '/c' }],
      { issue: 'FROM_NOT_FOUND', member: 'from', pointer: '/b' },
    ],
    [
      'move from index out of range',
      { a: [] },
      [{ op: 'move', from: '/a/0', path: '/c' }],
      { issue: 'FROM_NOT_FOUND', member: 'from', pointer: '/a/0' },
    ],
    [
      'move without from',
      { a: 1 },
      ops({ op: 'move', path: '/b' }),
      { issue: 'MISSING_FROM', member: 'from', pointer: '/b' },
    ],
    [
      'move with non-string from',
      { a: 1 },
      ops({ op: 'move', from: 1, path: '/b' }),
      { issue: 'INVALID_PATH', member: 'from' },
    ],
    [
      'move with malformed from',
      { a: 1 },
      [{ op: 'move', from: 'a', path: '/b' }],
      { issue: 'INVALID_PATH', member: 'from', pointer: 'a' },
    ],
    [
      'move into own child',
      { a: { b: {} } },
      [{ op: 'move', from: '/a', path: '/a/b/c' }],
      { issue: 'MOVE_INTO_OWN_CHILD', member: 'from', pointer: '/a' },
    ],
    [
      'move the document into a child',
      { a: 1 },
      [{ op: 'move', from: '', path: '/a' }],
      { issue: 'MOVE_INTO_OWN_CHILD', member: 'from', pointer: '' },
    ],
    [
      'move to a missing parent',
      { a: 1 },
      [{ op: 'move', from: '/a', path: '/x/y' }],
      { issue: 'PATH_NOT_FOUND', member: 'path', pointer: '/x/y' },
    ],
    [
      'move to an array index past the shrunken end',
      { a: [1, 2] },
      [{ op: 'move', from: '/a/0', path: '/a/2' }],
      { issue: 'INVALID_ARRAY_INDEX', member: 'path' },
    ],
    // copy
    [
      'copy from missing location',
      { a: 1 },
      [{ op: 'copy', from: '/b', path: '/c' }],
      { issue: 'FROM_NOT_FOUND', member: 'from', pointer: '/b' },
    ],
    [
      'copy without from',
      { a: 1 },
      ops({ op: 'copy', path: '/b' }),
      { issue: 'MISSING_FROM', member: 'from', pointer: '/b' },
    ],
    [
      'copy to an index past the end',
      [1],
      [{ op: 'copy', from: '/0', path: '/5' }],
      { issue: 'INVALID_ARRAY_INDEX', member: 'path', pointer: '/5' },
    ],
    [
      'copy to a missing parent',
      { a: 1 },
      [{ op: 'copy', from: '/a', path: '/x/y' }],
      { issue: 'PATH_NOT_FOUND', member: 'path' },
    ],
    // test
    [
      'test with different value',
      { a: 1 },
      [{ op: 'test', path: '/a', value: 2 }],
      { issue: 'TEST_FAILED', member: 'value', pointer: '/a' },
    ],
    [
      'test missing path',
      { a: 1 },
      [{ op: 'test', path: '/b', value: 1 }],
      { issue: 'PATH_NOT_FOUND', member: 'path', pointer: '/b' },
    ],
    [
      'test without value',
      { a: 1 },
      ops({ op: 'test', path: '/a' }),
      { issue: 'MISSING_VALUE', member: 'value', pointer: '/a' },
    ],
    [
      'test null against a missing member',
      {},
      [{ op: 'test', path: '/a', value: null }],
      { issue: 'PATH_NOT_FOUND' },
    ],
    // operation shape
    [
      'unknown op',
      {},
      ops({ op: 'merge', path: '/a', value: 1 }),
      { issue: 'INVALID_OPERATION', member: 'op', pointer: '/a' },
    ],
    ['missing op', {}, ops({ path: '/a', value: 1 }), { issue: 'INVALID_OPERATION', member: 'op' }],
    ['op with wrong case', {}, ops({ op: 'ADD', path: '/a', value: 1 }), { issue: 'INVALID_OPERATION' }],
    [
      'operation that is not an object',
      {},
      [null] as unknown as PatchOperation[],
      { issue: 'INVALID_OPERATION' },
    ],
    ['missing path', {}, ops({ op: 'add', value: 1 }), { issue: 'INVALID_PATH', member: 'path' }],
    ['non-string path', {}, ops({ op: 'remove', path: 0 }), { issue: 'INVALID_PATH', member: 'path' }],
    // prototype pollution attempts resolve against own members only
    [
      'add below inherited __proto__',
      {},
      [{ op: 'add', path: '/__proto__/polluted', value: 1 }],
      { issue: 'PATH_NOT_FOUND', pointer: '/__proto__/polluted' },
    ],
    [
      'add below inherited constructor.prototype',
      {},
      [{ op: 'add', path: '/constructor/prototype/polluted', value: 1 }],
      { issue: 'PATH_NOT_FOUND' },
    ],
    [
      'copy from inherited __proto__',
      {},
      [{ op: 'copy', from: '/__proto__', path: '/x' }],
      { issue: 'FROM_NOT_FOUND', member: 'from' },
    ],
  ];

  it.each(cases)('%s', (_label, doc, patch, expected) => {
    const snapshot = structuredClone(doc);
    const error = catchPatchError(() => applyPatch(doc, patch));
    expect(error).toMatchObject({ index: 0, ...expected });
    expect(error.message).toContain(expected.issue);
    expect(doc).toStrictEqual(snapshot);
  });

  it.each(cases)('reports the operation index: %s', (_label, doc, patch, expected) => {
    const prefix: PatchOperation[] = [
      { op: 'test', path: '', value: doc },
      { op: 'copy', from: '', path: '' },
    ];
    const error = catchPatchError(() => applyPatch(doc, [...prefix, ...patch]));
    expect(error).toMatchObject({ ...expected, index: 2 });
  });

  it('rejects a patch that is not an array', () => {
    const error = catchPatchError(() => applyPatch({}, { op: 'add' } as unknown as PatchOperation[]));
    expect(error.issue).toBe('INVALID_OPERATION');
  });
});

describe('operationFormatError', () => {
  const doc = { a: 1 };
  // Three operations that pass, so the one under test is operation 3 in applyPatch too.
  const prefix: PatchOperation[] = [
    { op: 'test', path: '', value: doc },
    { op: 'copy', from: '/a', path: '/c' },
    { op: 'remove', path: '/c' },
  ];

  it.each<[string, unknown, PatchIssue, string]>([
    ['add without value', { op: 'add', path: '/b' }, 'MISSING_VALUE', 'value'],
    ['replace without value', { op: 'replace', path: '/a' }, 'MISSING_VALUE', 'value'],
    ['test without value', { op: 'test', path: '/a' }, 'MISSING_VALUE', 'value'],
    ['move without from', { op: 'move', path: '/b' }, 'MISSING_FROM', 'from'],
    ['copy without from', { op: 'copy', path: '/b' }, 'MISSING_FROM', 'from'],
    ['a from that is not a string', { op: 'copy', path: '/b', from: 1 }, 'INVALID_PATH', 'from'],
    ['a from without its leading /', { op: 'move', path: '/b', from: 'a' }, 'INVALID_PATH', 'from'],
    ['a path without its leading /', { op: 'add', path: 'b', value: 1 }, 'INVALID_PATH', 'path'],
    ['a bad ~ escape', { op: 'remove', path: '/a~2' }, 'INVALID_PATH', 'path'],
    ['a path that is not a string', { op: 'remove', path: 5 }, 'INVALID_PATH', 'path'],
    ['an unknown op', { op: 'merge', path: '/a', value: 1 }, 'INVALID_OPERATION', 'op'],
    ['no op', { path: '/a', value: 1 }, 'INVALID_OPERATION', 'op'],
    ['an operation that is not an object', 'add', 'INVALID_OPERATION', 'op'],
  ])('finds %s, as applyPatch reports it', (_label, operation, issue, member) => {
    const found = operationFormatError(operation, 3);
    const thrown = catchPatchError(() => applyPatch(doc, [...prefix, operation as PatchOperation]));
    expect(found).toBeInstanceOf(JsonPatchError);
    expect(found).toMatchObject({ index: 3, issue, member });
    expect(found).toMatchObject({
      index: thrown.index,
      issue: thrown.issue,
      member: thrown.member,
      pointer: thrown.pointer,
      message: thrown.message,
    });
  });

  it.each<[string, PatchOperation]>([
    ['a remove of a member that is not there', { op: 'remove', path: '/missing' }],
    ['a test that does not match', { op: 'test', path: '/a', value: 2 }],
    ['a remove of the whole document', { op: 'remove', path: '' }],
    ['a move into its own child', { op: 'move', from: '/a', path: '/a/b' }],
    ['an add of null', { op: 'add', path: '/b', value: null }],
    ['a replace with a from it does not use', { op: 'replace', path: '/a', value: 2, from: 'junk' }],
  ])('leaves %s to applyPatch', (_label, operation) => {
    expect(operationFormatError(operation, 0)).toBeUndefined();
  });
});

describe('RFC 6902 Appendix A', () => {
  const success: [label: string, doc: unknown, patch: unknown[], expected: unknown][] = [
    [
      'A.1 adding an object member',
      { foo: 'bar' },
      [{ op: 'add', path: '/baz', value: 'qux' }],
      { baz: 'qux', foo: 'bar' },
    ],
    [
      'A.2 adding an array element',
      { foo: ['bar', 'baz'] },
      [{ op: 'add', path: '/foo/1', value: 'qux' }],
      { foo: ['bar', 'qux', 'baz'] },
    ],
    [
      'A.3 removing an object member',
      { baz: 'qux', foo: 'bar' },
      [{ op: 'remove', path: '/baz' }],
      { foo: 'bar' },
    ],
    [
      'A.4 removing an array element',
      { foo: ['bar', 'qux', 'baz'] },
      [{ op: 'remove', path: '/foo/1' }],
      { foo: ['bar', 'baz'] },
    ],
    [
      'A.5 replacing a value',
      { baz: 'qux', foo: 'bar' },
      [{ op: 'replace', path: '/baz', value: 'boo' }],
      { baz: 'boo', foo: 'bar' },
    ],
    [
      'A.6 moving a value',
      { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
      [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
      { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
    ],
    [
      'A.7 moving an array element',
      { foo: ['all', 'grass', 'cows', 'eat'] },
      [{ op: 'move', from: '/foo/1', path: '/foo/3' }],
      { foo: ['all', 'cows', 'eat', 'grass'] },
    ],
    [
      'A.8 testing a value: success',
      { baz: 'qux', foo: ['a', 2, 'c'] },
      [
        { op: 'test', path: '/baz', value: 'qux' },
        { op: 'test', path: '/foo/1', value: 2 },
      ],
      { baz: 'qux', foo: ['a', 2, 'c'] },
    ],
    [
      'A.10 adding a nested member object',
      { foo: 'bar' },
      [{ op: 'add', path: '/child', value: { grandchild: {} } }],
      { foo: 'bar', child: { grandchild: {} } },
    ],
    [
      'A.11 ignoring unrecognized elements',
      { foo: 'bar' },
      [{ op: 'add', path: '/baz', value: 'qux', xyz: 123 }],
      { foo: 'bar', baz: 'qux' },
    ],
    [
      'A.14 ~ escape ordering',
      { '/': 9, '~1': 10 },
      [{ op: 'test', path: '/~01', value: 10 }],
      { '/': 9, '~1': 10 },
    ],
    [
      'A.16 adding an array value',
      { foo: ['bar'] },
      [{ op: 'add', path: '/foo/-', value: ['abc', 'def'] }],
      { foo: ['bar', ['abc', 'def']] },
    ],
  ];

  it.each(success)('%s', (_label, doc, patch, expected) => {
    expect(applyPatch(doc, patch as PatchOperation[])).toStrictEqual(expected);
  });

  const failure: [label: string, doc: unknown, patch: unknown[], expected: ExpectedError][] = [
    [
      'A.9 testing a value: error',
      { baz: 'qux' },
      [{ op: 'test', path: '/baz', value: 'bar' }],
      { index: 0, issue: 'TEST_FAILED' },
    ],
    [
      'A.12 adding to a nonexistent target',
      { foo: 'bar' },
      [{ op: 'add', path: '/baz/bat', value: 'qux' }],
      { index: 0, issue: 'PATH_NOT_FOUND' },
    ],
    // A.13 (duplicate "op" members) cannot be represented once parsed: JSON.parse keeps the last member,
    // which turns the operation into a remove of a missing member, so the patch still fails.
    [
      'A.13 invalid JSON Patch document',
      { foo: 'bar' },
      JSON.parse('[{ "op": "add", "path": "/baz", "value": "qux", "op": "remove" }]') as unknown[],
      { index: 0, issue: 'PATH_NOT_FOUND' },
    ],
    [
      'A.15 comparing strings and numbers',
      { '/': 9, '~1': 10 },
      [{ op: 'test', path: '/~01', value: '10' }],
      { index: 0, issue: 'TEST_FAILED' },
    ],
  ];

  it.each(failure)('%s', (_label, doc, patch, expected) => {
    expect(catchPatchError(() => applyPatch(doc, patch as PatchOperation[]))).toMatchObject(expected);
  });
});

describe('applyPatch: purity and atomicity', () => {
  it('never mutates the input document, even when deeply frozen', () => {
    const doc = deepFreeze({ a: { b: [1, 2, { c: 3 }] }, d: 'x' });
    const result = applyPatch(doc, [
      { op: 'add', path: '/a/b/-', value: 4 },
      { op: 'remove', path: '/a/b/0' },
      { op: 'replace', path: '/a/b/1/c', value: 30 },
      { op: 'move', from: '/d', path: '/e' },
      { op: 'copy', from: '/a', path: '/f' },
    ]);
    expect(result).toStrictEqual({ a: { b: [2, { c: 30 }, 4] }, e: 'x', f: { b: [2, { c: 30 }, 4] } });
    expect(doc).toStrictEqual({ a: { b: [1, 2, { c: 3 }] }, d: 'x' });
  });

  it('returns a result that shares no structure with the input', () => {
    const doc = { a: { b: [1] } };
    const result = applyPatch(doc, []);
    expect(result).toStrictEqual(doc);
    expect(result).not.toBe(doc);
    expect(result.a).not.toBe(doc.a);
    expect(result.a.b).not.toBe(doc.a.b);
  });

  it('applies nothing when a later operation fails', () => {
    const doc = { list: [1, 2], meta: { version: 1 } };
    const snapshot = structuredClone(doc);
    const error = catchPatchError(() =>
      applyPatch(doc, [
        { op: 'add', path: '/list/-', value: 3 },
        { op: 'replace', path: '/meta/version', value: 2 },
        { op: 'remove', path: '/list/0' },
        { op: 'test', path: '/meta/version', value: 1 },
      ]),
    );
    expect(error).toMatchObject({ index: 3, issue: 'TEST_FAILED', pointer: '/meta/version' });
    expect(doc).toStrictEqual(snapshot);
  });

  it('deep-clones inserted values so the caller cannot alias the result', () => {
    const value = { nested: [1] };
    const patch: PatchOperation[] = [
      { op: 'add', path: '/a', value },
      { op: 'add', path: '/b', value },
      { op: 'replace', path: '/c', value },
    ];
    const result = applyPatch<Record<string, unknown>>({ c: 0 }, patch);
    value.nested.push(2);
    (result.a as typeof value).nested.push(3);
    expect(result).toStrictEqual({ c: { nested: [1] }, a: { nested: [1, 3] }, b: { nested: [1] } });
    expect(value).toStrictEqual({ nested: [1, 2] });
  });

  it('copy produces an independent value', () => {
    const result = applyPatch({ a: { n: 1 } }, [
      { op: 'copy', from: '/a', path: '/b' },
      { op: 'replace', path: '/b/n', value: 2 },
    ]);
    expect(result).toStrictEqual({ a: { n: 1 }, b: { n: 2 } });
  });

  it('leaves test values unaliased', () => {
    const expected = { x: [1] };
    const result = applyPatch({ a: { x: [1] } }, [{ op: 'test', path: '/a', value: expected }]);
    expect(result.a).not.toBe(expected);
  });
});

describe('applyPatch: prototype pollution', () => {
  it('does not pollute Object.prototype through /__proto__/polluted', () => {
    expect(() => applyPatch({}, [{ op: 'add', path: '/__proto__/polluted', value: 1 }])).toThrow(
      JsonPatchError,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('stores __proto__ as an ordinary own member', () => {
    const result = applyPatch<Record<string, unknown>>({}, [
      { op: 'add', path: '/__proto__', value: { polluted: 1 } },
      { op: 'add', path: '/__proto__/more', value: 2 },
    ]);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['__proto__']);
    expect(result.polluted).toBeUndefined();
    expect(getAtPointer(result, '/__proto__')).toEqual({ found: true, value: { polluted: 1, more: 2 } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).more).toBeUndefined();
  });

  it('patches an own __proto__ member parsed from JSON without touching the prototype', () => {
    const doc = JSON.parse('{"__proto__": {"a": 1}}') as Record<string, unknown>;
    const result = applyPatch(doc, [
      { op: 'replace', path: '/__proto__/a', value: 2 },
      { op: 'copy', from: '/__proto__', path: '/copy' },
      { op: 'test', path: '', value: JSON.parse('{"copy": {"a": 2}, "__proto__": {"a": 2}}') },
    ]);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual(['__proto__', 'copy']);
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });

  it.each(['constructor', 'prototype', '__proto__'])('treats %s as plain data in every operation', (key) => {
    const path = `/${key}`;
    const result = applyPatch<Record<string, unknown>>({}, [
      { op: 'add', path, value: { x: 1 } },
      { op: 'replace', path: `${path}/x`, value: 2 },
      { op: 'copy', from: path, path: '/copied' },
      { op: 'move', from: '/copied', path: `${path}/inner` },
      { op: 'test', path: `${path}/inner`, value: { x: 2 } },
      { op: 'remove', path: `${path}/x` },
    ]);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.keys(result)).toEqual([key]);
    expect(getAtPointer(result, path)).toEqual({ found: true, value: { inner: { x: 2 } } });
    expect(applyPatch(result, [{ op: 'remove', path }])).toStrictEqual({});
    expect(Object.prototype).not.toHaveProperty('x');
    expect(Object.prototype).not.toHaveProperty('inner');
  });
});

describe('diffJson', () => {
  const cases: [label: string, before: unknown, after: unknown, expected: PatchOperation[]][] = [
    ['equal documents', { a: [1, { b: 2 }] }, { a: [1, { b: 2 }] }, []],
    ['member order only', { a: 1, b: 2 }, { b: 2, a: 1 }, []],
    ['numerically equal numbers', [1], [1.0], []],
    ['scalar root change', 1, 2, [{ op: 'replace', path: '', value: 2 }]],
    ['type change at root', { a: 1 }, [1], [{ op: 'replace', path: '', value: [1] }]],
    ['member added', { a: 1 }, { a: 1, b: 2 }, [{ op: 'add', path: '/b', value: 2 }]],
    ['member removed', { a: 1, b: 2 }, { a: 1 }, [{ op: 'remove', path: '/b' }]],
    ['member changed', { a: 1 }, { a: 2 }, [{ op: 'replace', path: '/a', value: 2 }]],
    ['escaped member', { 'a/b': 1 }, { 'a/b': 1, '~': 2 }, [{ op: 'add', path: '/~0', value: 2 }]],
    [
      'nested change',
      { a: { b: { c: 1 } } },
      { a: { b: { c: 2 } } },
      [{ op: 'replace', path: '/a/b/c', value: 2 }],
    ],
    ['array append', [1, 2], [1, 2, 3], [{ op: 'add', path: '/2', value: 3 }]],
    ['array prepend', [1, 2], [0, 1, 2], [{ op: 'add', path: '/0', value: 0 }]],
    ['array middle removal', [1, 2, 3], [1, 3], [{ op: 'remove', path: '/1' }]],
    ['array element change', [1, 2, 3], [1, 9, 3], [{ op: 'replace', path: '/1', value: 9 }]],
    [
      'array shrink removes from the end of the changed range',
      [1, 2, 3, 4],
      [1],
      [
        { op: 'remove', path: '/3' },
        { op: 'remove', path: '/2' },
        { op: 'remove', path: '/1' },
      ],
    ],
    ['object vs array member', { a: {} }, { a: [] }, [{ op: 'replace', path: '/a', value: [] }]],
    ['null vs object', { a: null }, { a: {} }, [{ op: 'replace', path: '/a', value: {} }]],
  ];

  it.each(cases)('%s', (_label, before, after, expected) => {
    const patch = diffJson(before, after);
    expect(patch).toStrictEqual(expected);
    expect(jsonEquals(applyPatch(before, patch), after)).toBe(true);
  });

  it.each<[string, unknown, unknown]>([
    [
      'mixed object edits',
      { a: 1, b: [1, 2, 3], c: { d: 'x' } },
      { b: [0, 1, 3, 4], c: { e: null }, f: true },
    ],
    ['array of objects', [{ id: 1 }, { id: 2 }, { id: 3 }], [{ id: 2, x: 1 }, { id: 3 }]],
    ['replace array with longer array', [[1], [2]], [[1, 2], [], [3], 'x']],
    ['root object to empty', { a: { b: 1 } }, {}],
  ])('round-trips %s', (_label, before, after) => {
    const input = deepFreeze(structuredClone(before));
    expect(applyPatch(input, diffJson(input, after))).toStrictEqual(after);
  });

  it('does not alias values of the target document', () => {
    const after = { a: { b: [1] } };
    const patch = diffJson({}, after);
    after.a.b.push(2);
    expect(patch).toStrictEqual([{ op: 'add', path: '/a', value: { b: [1] } }]);
  });
});
