import { describe, expect, it } from 'vitest';
import type { PatchOperation } from '../../../shared/json-patch.js';
import { ApiError } from './api-error.js';
import { applyPatchForApi, refuseMalformedPatch, type PatchIssues } from './patch-errors.js';

const ISSUES: PatchIssues = { testFailed: 'PATCH_TEST_FAILED', failed: 'PATCH_FAILED' };

/** Operations as they arrive over the wire (the shape unchecked). */
const ops = (...operations: Record<string, unknown>[]) => operations as unknown as PatchOperation[];

function refusal(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected an ApiError, but nothing was thrown');
}

describe('applyPatchForApi', () => {
  const doc = { a: 1, list: [1, 2] };

  it('returns the patched copy and leaves the document alone', () => {
    expect(applyPatchForApi(doc, ops({ op: 'replace', path: '/a', value: 2 }), ISSUES)).toEqual({
      a: 2,
      list: [1, 2],
    });
    expect(doc.a).toBe(1);
  });

  it.each<[string, PatchOperation[], number, string, string, string | undefined]>([
    ['a failed test', ops({ op: 'test', path: '/a', value: 2 }), 422, 'PATCH_TEST_FAILED', '/0/value', '/a'],
    [
      'a remove of what is not there',
      ops({ op: 'remove', path: '/b' }),
      422,
      'PATCH_FAILED',
      '/0/path',
      '/b',
    ],
    [
      'a copy from what is not there',
      ops({ op: 'copy', from: '/b', path: '/c' }),
      422,
      'PATCH_FAILED',
      '/0/from',
      '/b',
    ],
    [
      'an index past the end',
      ops({ op: 'add', path: '/list/5', value: 3 }),
      422,
      'PATCH_FAILED',
      '/0/path',
      '/list/5',
    ],
    [
      'replace without value',
      ops({ op: 'replace', path: '/a' }),
      400,
      'MISSING_REQUIRED_PARAMETER',
      '/0/value',
      '/a',
    ],
    [
      'move without from',
      ops({ op: 'move', path: '/a' }),
      400,
      'MISSING_REQUIRED_PARAMETER',
      '/0/from',
      undefined,
    ],
    [
      'a bad pointer',
      ops({ op: 'add', path: 'a', value: 1 }),
      400,
      'INVALID_PARAMETER_VALUE',
      '/0/path',
      'a',
    ],
    [
      'an unknown op',
      ops({ op: 'merge', path: '/a', value: 1 }),
      400,
      'INVALID_PARAMETER_VALUE',
      '/0/op',
      '/a',
    ],
    [
      'a remove of the whole document',
      ops({ op: 'remove', path: '' }),
      400,
      'INVALID_PARAMETER_VALUE',
      '/0/path',
      '',
    ],
  ])('answers %s with %i %s', (_label, operations, status, issue, field, value) => {
    const error = refusal(() => applyPatchForApi(doc, operations, ISSUES));
    expect(error.status).toBe(status);
    expect(error.details).toEqual([
      expect.objectContaining({ issue, field, location: 'body', ...(value ? { value } : {}) }),
    ]);
  });

  it('names the path the caller wrote', () => {
    const error = refusal(() =>
      applyPatchForApi(doc, ops({ op: 'remove', path: '/b' }), ISSUES, ops({ op: 'remove', path: '/@b' })),
    );
    expect(error.details[0]).toMatchObject({ field: '/0/path', value: '/@b' });
  });
});

describe('refuseMalformedPatch', () => {
  it('passes well-formed operations, whether or not they would apply', () => {
    expect(() =>
      refuseMalformedPatch(
        ops(
          { op: 'remove', path: '/missing' },
          { op: 'test', path: '/a', value: 'anything' },
          { op: 'move', from: '/a', path: '/b' },
          { op: 'add', path: '/c', value: null },
        ),
      ),
    ).not.toThrow();
  });

  it('lists every malformed operation in one 400', () => {
    const error = refusal(() =>
      refuseMalformedPatch(
        ops(
          { op: 'remove', path: '/missing' },
          { op: 'replace', path: '/x' },
          { op: 'add', path: '/a', value: 1 },
          { op: 'move', path: '/a' },
          { op: 'copy', from: 'a', path: '/b' },
        ),
      ),
    );
    expect(error.errorName).toBe('INVALID_REQUEST');
    expect(error.details.map((d) => [d.issue, d.field])).toEqual([
      ['MISSING_REQUIRED_PARAMETER', '/1/value'],
      ['MISSING_REQUIRED_PARAMETER', '/3/from'],
      ['INVALID_PARAMETER_VALUE', '/4/from'],
    ]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['replace without value', { op: 'replace', path: '/a' }],
    ['test without value', { op: 'test', path: '/a' }],
    ['copy without from', { op: 'copy', path: '/b' }],
    ['a bad ~ escape', { op: 'remove', path: '/a~2' }],
    ['a from without its leading /', { op: 'move', from: 'a', path: '/b' }],
    ['an unknown op', { op: 'merge', path: '/a', value: 1 }],
  ])('answers %s with the detail applyPatchForApi gives it', (_label, operation) => {
    const before = refusal(() => refuseMalformedPatch(ops(operation)));
    const applied = refusal(() => applyPatchForApi({ a: 1 }, ops(operation), ISSUES));
    expect(before.status).toBe(400);
    expect(before.details).toEqual(applied.details);
  });

  it('names the path the caller wrote', () => {
    const error = refusal(() =>
      refuseMalformedPatch(ops({ op: 'replace', path: '/a' }), ops({ op: 'replace', path: '/@a' })),
    );
    expect(error.details[0]).toMatchObject({ field: '/0/value', value: '/@a' });
  });
});
