import { expect } from 'vitest';
import type { Issue } from '../../shared/api/registry.js';
import { ERROR_NAMES, type ErrorBody, type ErrorLocation, type ErrorName } from '../../shared/errors.js';
import type { Reply } from './api-harness.js';

/** One `details[]` entry a test expects; only the given members are compared. */
export interface ExpectedDetail {
  issue: Issue;
  field?: string;
  location?: ErrorLocation;
}

const LOCATIONS: readonly ErrorLocation[] = ['body', 'query', 'path', 'header'];

/**
 * Asserts a whole error reply of spec part 7, for every API test:
 * - the status of `name`, a JSON content type, and no stack trace anywhere in the text;
 * - the body: `name`, the standard `message` of `name`, a 13-hex `debug_id`, and `links` holding exactly
 *   one `information_link` to `/docs/errors#<name>`;
 * - every `details[]` entry (when there are any): an UPPER_SNAKE `issue`, a `description`, a string
 *   `field` (a JSON pointer when in the body), and a known `location`: always when `expected` is given
 *   (a detail a test names says where), otherwise when present (a 405's detail has none);
 * - when `expected` is given (an issue, or an issue with field and/or location), at least one detail
 *   matching it exactly on the given members.
 *
 * Returns the body, for further assertions.
 */
export function expectError(reply: Reply, name: ErrorName, expected?: Issue | ExpectedDetail): ErrorBody {
  expect(reply.status, reply.text).toBe(ERROR_NAMES[name].status);
  expect(String(reply.headers['content-type']), reply.text).toContain('application/json');
  expect(reply.text).not.toMatch(/at .*\.[jt]s:\d+/); // never a stack trace
  const body = reply.body as ErrorBody;
  expect(body?.name, reply.text).toBe(name);
  expect(body.message, reply.text).toBe(ERROR_NAMES[name].message);
  expect(body.debug_id, reply.text).toMatch(/^[0-9a-f]{13}$/);
  expect(body.links, reply.text).toEqual([
    expect.objectContaining({
      rel: 'information_link',
      href: expect.stringMatching(new RegExp(`^https?://[^\\s]+/docs/errors#${name}$`)),
    }),
  ]);

  const details = body.details ?? [];
  if (body.details !== undefined) expect(Array.isArray(body.details), reply.text).toBe(true);
  for (const d of details) {
    expect(d.issue, reply.text).toMatch(/^[A-Z][A-Z0-9_]+$/);
    expect(d.description, reply.text).toEqual(expect.any(String));
    if (expected !== undefined || d.location !== undefined)
      expect(LOCATIONS, reply.text).toContain(d.location);
    if (d.field !== undefined) expect(d.field, reply.text).toEqual(expect.any(String));
    if (d.location === 'body' && d.field !== undefined) expect(d.field, reply.text).toMatch(/^\//);
  }

  if (expected !== undefined) {
    const want = typeof expected === 'string' ? { issue: expected } : expected;
    const wanted: Record<string, unknown> = { issue: want.issue };
    if (want.field !== undefined) wanted.field = want.field;
    if (want.location !== undefined) wanted.location = want.location;
    expect(details, reply.text).toContainEqual(expect.objectContaining(wanted));
  }
  return body;
}
