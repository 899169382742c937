import { describe, expect, it } from 'vitest';
import { readJsonPath, jsonPathAccessor } from './json-path';
import { pathForMatching, referencedVariables, resolveVariables, substitute } from './variables';

const BASE = 'http://127.0.0.1:8600';
const request = (path: string, body = '', headers: Record<string, string> = {}) => ({ path, headers, body });

describe('variables', () => {
  it('replaces known {{names}} and lists unknown ones', () => {
    expect(substitute('/orders/{{order_id}}/{{ step }}', { order_id: 'A1', step: 'capture' })).toEqual({
      text: '/orders/A1/capture',
      missing: [],
    });
    expect(substitute('{{a}}{{b}}{{a}}', {})).toEqual({ text: '{{a}}{{b}}{{a}}', missing: ['a', 'b'] });
    expect(referencedVariables('{{base_url}}/x/{{id}} {{id}}')).toEqual(['base_url', 'id']);
  });

  it('resolves path, header values and body, and takes {{base_url}} off the path', () => {
    const resolved = resolveVariables(
      request('{{base_url}}/v2/checkout/orders/{{order_id}}', '{"note":"{{note}}"}', {
        'Svc-Request-Id': '{{key}}',
      }),
      { order_id: 'ORDER1', note: 'hi', key: 'k-9' },
      BASE,
    );
    expect(resolved).toEqual({
      ok: true,
      request: {
        path: '/v2/checkout/orders/ORDER1',
        headers: { 'Svc-Request-Id': 'k-9' },
        body: '{"note":"hi"}',
      },
    });
  });

  it('refuses a variable without a value, and a URL to another host, saying what to do', () => {
    expect(resolveVariables(request('/v2/checkout/orders/{{order_id}}'), {}, BASE)).toEqual({
      ok: false,
      error: 'No value for {{order_id}}: set it under Variables, or take it from a response.',
    });
    const elsewhere = resolveVariables(request('https://api.example.com/v2/x'), {}, BASE);
    expect(elsewhere.ok).toBe(false);
    if (!elsewhere.ok) expect(elsewhere.error).toContain('points elsewhere');
    // The environment's own base URL typed out in full is its path.
    expect(resolveVariables(request(`${BASE}/v1/test-helpers/clock`), {}, BASE)).toMatchObject({
      ok: true,
      request: { path: '/v1/test-helpers/clock' },
    });
  });

  it('matches endpoints on the path with what is known filled in', () => {
    expect(pathForMatching('{{base_url}}/v2/checkout/orders/{{order_id}}', { order_id: 'X1' })).toBe(
      '/v2/checkout/orders/X1',
    );
  });
});

describe('JSONPath subset', () => {
  const body = {
    id: 'O1',
    links: [{ rel: 'self' }, { rel: 'approve', href: 'http://x/a' }],
    amount: { value: '1.00' },
    'a-b': [7],
  };
  it.each([
    ['$.id', 'O1'],
    ['$.links[1].href', 'http://x/a'],
    ['$.amount', '{"value":"1.00"}'],
    ["$['a-b'][0]", '7'],
  ])('%s reads %s', (path, value) => {
    expect(readJsonPath(body, path)).toEqual({ ok: true, value });
  });
  it.each([
    ['$.nope', '$.nope is not in the response.'],
    ['$.links[5].href', '$.links[5].href is not in the response.'],
    ['id', 'A path starts with $, e.g. $.id (got "id").'],
    ['$..id', 'Cannot read "..id" in $..id: use .name, [\'name\'] or [index] steps.'],
  ])('%s is refused: %s', (path, error) => {
    expect(readJsonPath(body, path)).toEqual({ ok: false, error });
  });
  it('writes a path as a script accessor', () => {
    expect(jsonPathAccessor("$.a['b-c'][2]", 'r')).toBe('r.a["b-c"][2]');
  });
});
