import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffJson } from '../../../shared/json-diff.js';
import { atMostBrackets, jsonDepth, jsonTextDepth, MAX_JSON_DEPTH } from '../../../shared/json-depth.js';
import { applyPatch } from '../../../shared/json-patch.js';
import { cloneJson, jsonEquals } from '../../../shared/json-values.js';
import { redactJson } from '../../../shared/redact.js';
import { startHarness, type ApiHarness } from '../../test-support/api-harness.js';
import { expectError } from '../../test-support/expect-error.js';
import { JSON_MEDIA_TYPES } from './accept.js';

/** `{"a":{"a":...1...}}` nested `depth` objects deep, as text (no recursion to build or print it). */
const nestedText = (depth: number, open = '{"a":', close = '}'): string =>
  open.repeat(depth) + '1' + close.repeat(depth);

/** The same as data, built in a loop. */
function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/**
 * JSON nested deeper than the documented limit is a 400 `INVALID_REQUEST` naming the
 * limit, on every route; nothing that walks a body recurses without bound.
 */
describe('JSON nesting', () => {
  let h: ApiHarness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  const refusal = (reply: Awaited<ReturnType<ApiHarness['request']>>) => {
    const body = expectError(reply, 'INVALID_REQUEST', {
      issue: 'JSON_NESTING_TOO_DEEP',
      location: 'body',
    });
    expect(body.details?.[0]?.description).toContain(String(MAX_JSON_DEPTH));
  };

  it('is refused past the limit on every route that takes a JSON body', async () => {
    const routes = h.host.services.groups
      .routes()
      // Identity and SCIM routes answer the same refusal in their own error form (tested there).
      .filter(
        (r) => r.body && !r.errorStyle && (r.contentTypes ?? JSON_MEDIA_TYPES).includes('application/json'),
      );
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const url = route.path.replace(/:\w+/g, 'ABC123');
      for (const payload of [
        nestedText(MAX_JSON_DEPTH + 1),
        nestedText(10_000, '[', ']'),
        `{"x":${nestedText(100_000, '[{"b":', '}]')}}`,
      ]) {
        const reply = await h.request(route.method, url, {
          headers: { 'content-type': 'application/json' },
          payload,
        });
        refusal(reply);
      }
    }
  });

  it('accepts the limit itself (the refusal is for depth, not for the shape)', async () => {
    const reply = await h.request('POST', '/v2/checkout/orders', {
      headers: { 'content-type': 'application/json' },
      payload: `{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"1.00"}}],"x":${nestedText(MAX_JSON_DEPTH - 1)}}`,
    });
    const issues = (reply.body?.details ?? []).map((d: { issue: string }) => d.issue);
    expect(issues, reply.text).not.toContain('JSON_NESTING_TOO_DEEP');
  });

  it('a PATCH value nested 7,660 deep is a 400, not a 500', async () => {
    const order = await h.createOrder();
    const reply = await h.request('PATCH', `/v2/checkout/orders/${order.body.id}`, {
      headers: { 'content-type': 'application/json' },
      payload: `[{"op":"add","path":"/purchase_units/@reference_id=='default'/custom_id","value":${nestedText(7_660)}}]`,
    });
    refusal(reply);
  });

  it('brackets inside strings do not count', () => {
    expect(jsonTextDepth(`{"a":"${'['.repeat(1000)}"}`)).toBe(1);
    expect(jsonTextDepth(`["\\"[[[", [[]]]`)).toBe(3);
    expect(jsonTextDepth('7')).toBe(0);
    expect(jsonTextDepth(nestedText(1_000_000), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });

  it('a body with no more brackets than the limit skips the walk; one with more is walked', async () => {
    expect(atMostBrackets(nestedText(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(true);
    expect(atMostBrackets(nestedText(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(false);
    expect(atMostBrackets(nestedText(40, '[', ']') + nestedText(30), MAX_JSON_DEPTH)).toBe(false);
    const send = (x: string) =>
      h.request('POST', '/v2/checkout/orders', {
        headers: { 'content-type': 'application/json' },
        payload: `{"intent":"CAPTURE","purchase_units":[{"amount":{"currency_code":"USD","value":"1.00"}}],"x":${x}}`,
      });
    const issues = (reply: Awaited<ReturnType<ApiHarness['request']>>) =>
      (reply.body?.details ?? []).map((d: { issue: string }) => d.issue);
    // Many brackets, side by side and in strings, but shallow: walked, and taken.
    const shallow = JSON.stringify(Array.from({ length: 40 }, () => ({ name: '{[' })));
    expect(atMostBrackets(shallow, MAX_JSON_DEPTH)).toBe(false);
    expect(issues(await send(shallow))).not.toContain('JSON_NESTING_TOO_DEEP');
    // Arrays and objects nested together one level past the limit: refused.
    refusal(await send(nestedText(MAX_JSON_DEPTH - 30, '[', ']').replace('1', nestedText(30))));
  });

  it('every function that walks JSON takes any depth without recursion', () => {
    const deep = nested(200_000);
    expect(jsonDepth(deep)).toBe(200_000);
    const copy = cloneJson(deep);
    expect(copy === deep).toBe(false);
    expect(jsonEquals(deep, copy)).toBe(true);
    expect(jsonEquals(deep, nested(199_999))).toBe(false);
    expect(diffJson(deep, copy).length).toBe(0);
    expect(diffJson(deep, nested(199_999)).length).toBe(1);
    const patched = applyPatch({ doc: 1 }, [{ op: 'add', path: '/deep', value: deep }]);
    expect(jsonDepth(patched)).toBe(200_001);
    expect(typeof JSON.stringify(redactJson(deep)).length).toBe('number');
  });
});
