import { describe, expect, it } from 'vitest';
import { ENDPOINTS, bodyJsonSchema, endpointsForPath, matchEndpoint } from './endpoint-schemas';
import { headerRow, type ConsoleRequest } from './console-store';
import {
  chooseEndpoint,
  filterEndpoints,
  idInPath,
  idVariableFor,
  isUntouchedBody,
  prepareRequest,
} from './request-model';

const request = (patch: Partial<ConsoleRequest>): ConsoleRequest => ({
  method: 'GET',
  path: '/v1/test-helpers/clock',
  headers: [headerRow()],
  body: '',
  anonymous: false,
  ...patch,
});

describe('console request model', () => {
  it('matches concrete paths to endpoint templates', () => {
    expect(matchEndpoint('PATCH', '/v2/checkout/orders/5O190127TN364715T')?.template).toBe(
      '/v2/checkout/orders/{id}',
    );
    expect(matchEndpoint('POST', '/v2/payments/captures/ABC/refund')?.summary).toMatch(/Refund/);
    expect(matchEndpoint('DELETE', '/v2/checkout/orders/ABC')).toBeUndefined();
    expect(endpointsForPath('/v2/checkout/orders/ABC').map((e) => e.method)).toEqual(['GET', 'PATCH']);
  });

  it('builds a JSON schema per endpoint body, with patch path suggestions', () => {
    const create = bodyJsonSchema(matchEndpoint('POST', '/v2/checkout/orders'));
    expect(create?.required).toEqual(['intent', 'purchase_units']);
    const patch = bodyJsonSchema(matchEndpoint('PATCH', '/v2/checkout/orders/A')) as {
      type: string;
      items: { properties: { path: { examples: string[] } } };
    };
    expect(patch.type).toBe('array');
    expect(patch.items.properties.path.examples).toContain(
      "/purchase_units/@reference_id=='default'/description",
    );
    expect(bodyJsonSchema(matchEndpoint('GET', '/v1/test-helpers/clock'))).toBeUndefined();
    for (const endpoint of ENDPOINTS) expect(() => bodyJsonSchema(endpoint)).not.toThrow();
  });

  it('prepares the bridge call', () => {
    expect(
      prepareRequest(
        request({
          method: 'POST',
          path: ' /v2/checkout/orders ',
          body: '{"a":1}',
          headers: [headerRow('Prefer', 'x')],
        }),
      ),
    ).toEqual({
      ok: true,
      input: { method: 'POST', path: '/v2/checkout/orders', headers: { Prefer: 'x' }, body: { a: 1 } },
    });
    expect(prepareRequest(request({ method: 'GET', body: 'not json' }))).toMatchObject({ ok: true });
    expect(prepareRequest(request({ method: 'POST', body: '{' }))).toMatchObject({ ok: false });
    expect(prepareRequest(request({ path: '/v2/checkout/orders/{id}' }))).toMatchObject({ ok: false });
    expect(prepareRequest(request({ path: 'v2' }))).toMatchObject({ ok: false });
    expect(prepareRequest(request({ anonymous: true }))).toMatchObject({
      ok: true,
      input: { anonymous: true },
    });
  });

  it('suggests endpoints for a concrete path and keeps the id when one is picked', () => {
    const found = filterEndpoints(ENDPOINTS, '/v2/checkout/orders/5O190127TN364715T').map(
      (e) => `${e.method} ${e.template}`,
    );
    expect(found).toContain('PATCH /v2/checkout/orders/{id}');
    expect(found).toContain('POST /v2/checkout/orders/{id}/capture');
    expect(idInPath('/v2/checkout/orders/ABC/capture')).toBe('ABC');
    const capture = ENDPOINTS.find((e) => e.template === '/v2/checkout/orders/{id}/capture');
    if (!capture) throw new Error('capture endpoint missing');
    expect(chooseEndpoint(request({ path: '/v2/checkout/orders/ABC' }), capture)).toEqual({
      method: 'POST',
      path: '/v2/checkout/orders/ABC/capture',
      body: '{}',
    });
    expect(isUntouchedBody('{\n}')).toBe(true);
    expect(chooseEndpoint(request({ body: '{"mine":1}' }), capture).body).toBe('{"mine":1}');
  });

  it("names the variable an answer's id most likely fills", () => {
    expect(idVariableFor('/v2/checkout/orders')).toBe('order_id');
    expect(idVariableFor('{{base_url}}/v2/checkout/orders/{{order_id}}/capture')).toBe('order_id');
    expect(idVariableFor('/v2/payments/authorizations/{id}/capture')).toBe('authorization_id');
    expect(idVariableFor('/v1/test-helpers/clock')).toBe('id');
  });
});
