import { describe, expect, it } from 'vitest';
import type { Collection } from './collection-model';
import {
  POSTMAN_SCHEMA_V21,
  captureFromScript,
  fromPostmanCollection,
  importPostmanText,
  toPostmanCollection,
} from './postman-collection';

const BASE = 'http://127.0.0.1:8600';

const collection: Collection = {
  id: 'c1',
  name: 'Checkout flow',
  requests: [
    {
      id: 'r1',
      name: 'Create order',
      method: 'POST',
      path: '/v2/checkout/orders',
      headers: { Prefer: 'return=representation', 'Svc-Request-Id': '{{request_id}}' },
      body: '{\n  "intent": "CAPTURE"\n}',
      captures: [
        { variable: 'order_id', path: '$.id' },
        { variable: 'approve_link', path: '$.links[1].href' },
      ],
    },
    {
      id: 'r2',
      name: 'Show order',
      method: 'GET',
      path: '/v2/checkout/orders/{{order_id}}?fields=payment_source',
      headers: {},
      body: '',
      captures: [],
    },
  ],
};

const withoutIds = (c: Collection) => ({
  name: c.name,
  requests: c.requests.map(({ id: _id, ...rest }) => rest),
});

describe('Postman collection v2.1', () => {
  it('exports the v2.1 shape: info, item[].request {method, header, url, body}, variable[]', () => {
    const exported = toPostmanCollection(
      collection,
      { order_id: 'ABC', request_id: 'k-1', other: 'x' },
      BASE,
    );
    expect(exported.info).toEqual({ _postman_id: 'c1', name: 'Checkout flow', schema: POSTMAN_SCHEMA_V21 });
    expect(exported.item[0]).toEqual({
      name: 'Create order',
      request: {
        method: 'POST',
        header: [
          { key: 'Prefer', value: 'return=representation' },
          { key: 'Svc-Request-Id', value: '{{request_id}}' },
        ],
        url: {
          raw: '{{base_url}}/v2/checkout/orders',
          host: ['{{base_url}}'],
          path: ['v2', 'checkout', 'orders'],
        },
        body: { mode: 'raw', raw: '{\n  "intent": "CAPTURE"\n}', options: { raw: { language: 'json' } } },
      },
      event: [
        {
          listen: 'test',
          script: {
            type: 'text/javascript',
            exec: [
              'pm.collectionVariables.set("order_id", pm.response.json().id);',
              'pm.collectionVariables.set("approve_link", pm.response.json().links[1].href);',
            ],
          },
        },
      ],
    });
    expect(exported.item[1]?.request?.url).toEqual({
      raw: '{{base_url}}/v2/checkout/orders/{{order_id}}?fields=payment_source',
      host: ['{{base_url}}'],
      path: ['v2', 'checkout', 'orders', '{{order_id}}'],
      query: [{ key: 'fields', value: 'payment_source' }],
    });
    // base_url and the variables the requests use, not every variable the console holds.
    expect(exported.variable).toEqual([
      { key: 'base_url', value: BASE },
      { key: 'approve_link', value: '' },
      { key: 'order_id', value: 'ABC' },
      { key: 'request_id', value: 'k-1' },
    ]);
  });

  it('round-trips: export then import gives the same requests, captures and variables', () => {
    const text = JSON.stringify(
      toPostmanCollection(collection, { order_id: 'ABC', request_id: 'k-1' }, BASE),
    );
    const imported = importPostmanText(text);
    if (!imported.ok) throw new Error(imported.error);
    expect(withoutIds(imported.collection)).toEqual(withoutIds(collection));
    expect(imported.variables).toEqual({ approve_link: '', order_id: 'ABC', request_id: 'k-1' });
    expect(imported.warnings).toEqual([]);
  });

  it('imports what Postman writes: folders, url objects without raw, absolute URLs, disabled headers', () => {
    const imported = fromPostmanCollection({
      info: { name: 'From Postman', schema: POSTMAN_SCHEMA_V21 },
      item: [
        {
          name: 'Orders',
          item: [
            {
              name: 'Capture',
              request: {
                method: 'post',
                header: [
                  { key: 'Content-Type', value: 'application/json' },
                  { key: 'X-Off', value: '1', disabled: true },
                ],
                url: 'https://api-m.sandbox.example.com/v2/checkout/orders/{{order_id}}/capture',
              },
            },
          ],
        },
        {
          name: 'Token',
          request: { method: 'GET', header: [], url: { host: ['{{baseUrl}}'], path: ['v1', 'clock'] } },
        },
        {
          name: 'Form',
          request: {
            method: 'POST',
            header: [],
            url: '{{base_url}}/x',
            body: { mode: 'urlencoded', urlencoded: [] },
          },
        },
        { name: 'Trace', request: { method: 'TRACE', header: [], url: '{{base_url}}/x' } },
      ],
    });
    if (!imported.ok) throw new Error(imported.error);
    expect(imported.collection.requests.map((r) => [r.name, r.method, r.path, r.headers])).toEqual([
      [
        'Orders / Capture',
        'POST',
        '/v2/checkout/orders/{{order_id}}/capture',
        { 'Content-Type': 'application/json' },
      ],
      ['Token', 'GET', '/v1/clock', {}],
      ['Form', 'POST', '/x', {}],
    ]);
    expect(imported.warnings).toEqual([
      '"Form": its urlencoded body was left out (the console sends JSON).',
      'Skipped "Trace": the console does not send TRACE.',
    ]);
  });

  it.each([
    ['not JSON', '{', /^The file is not JSON/],
    ['no info', '{"item": []}', /^This is not a Postman collection: it has no "info" object\.$/],
    [
      'v2.0',
      JSON.stringify({
        info: { name: 'x', schema: 'https://schema.getpostman.com/json/collection/v2.0.0/collection.json' },
        item: [],
      }),
      /^This is a Postman collection v2\.0\.0; only v2\.1 is read\./,
    ],
    [
      'an OpenAPI document',
      JSON.stringify({ openapi: '3.1.0', info: { title: 'x' } }),
      /not a Postman collection v2\.1/,
    ],
    ['no item list', JSON.stringify({ info: { name: 'x', schema: POSTMAN_SCHEMA_V21 } }), /no "item" list/],
  ])('refuses %s with a clear message', (_name, text, message) => {
    const imported = importPostmanText(text);
    expect(imported.ok).toBe(false);
    if (!imported.ok) expect(imported.error).toMatch(message);
  });

  it('reads the capture scripts Postman users write, and leaves other scripts out with a warning', () => {
    expect(captureFromScript("pm.environment.set('order_id', pm.response.json().id)")).toEqual({
      variable: 'order_id',
      path: '$.id',
    });
    expect(captureFromScript('pm.variables.set("x", pm.response.json()["a-b"][0]);')).toEqual({
      variable: 'x',
      path: "$['a-b'][0]",
    });
    expect(captureFromScript('pm.test("ok", () => pm.response.to.have.status(201));')).toBeUndefined();
  });
});
