import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorName } from '../../../../shared/errors.js';
import type { Issue } from '../../../../shared/api/registry.js';
import { accountIdFor } from '../../../../shared/ids.js';
import { simpleOrder, startHarness, type ApiHarness, type Reply } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import {
  CHARITY,
  MERCHANT,
  ORDERS,
  approve,
  createId,
  getOrder,
  rels,
  richOrder,
  usd,
} from './orders-test-kit.js';

/** The path form of spec 4.4 for the one unit of a single-unit order. */
const REF = "/purchase_units/@reference_id=='default'";

/** The patch base: every target of spec 4.4's table present, so replace has something to replace. */
const base = () => ({
  ...richOrder(),
  payer: { name: { given_name: 'Pat', surname: 'Payer' }, email_address: 'pat@example.com' },
});
/** A base where the optional targets are absent, so add creates them. */
const bare = () => ({ intent: 'CAPTURE', purchase_units: [{ amount: usd('10.00'), shipping: {} }] });

type Op = { op: string; path: string; value?: unknown; from?: string };
type Order = any;

const patch = (
  api: ApiHarness,
  id: string,
  ops: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> => api.request('PATCH', `${ORDERS}/${id}`, { body: ops, headers });

async function expectUnchanged(api: ApiHarness, id: string, before: Order): Promise<void> {
  const after = (await getOrder(api, id)).body;
  expect(after).toEqual(before);
}

const newShipping = {
  name: { full_name: 'Casey New' },
  email_address: 'new-ship@example.com',
  phone_number: { country_code: '44', national_number: '2071234567' },
  options: [
    { id: 'EXP', label: 'Express', type: 'SHIPPING', amount: usd('5.00'), selected: true },
    { id: 'PICK', label: 'Pick up', type: 'PICKUP', selected: false },
  ],
  address: {
    address_line_1: '10 Downing St',
    admin_area_2: 'London',
    postal_code: 'SW1A 2AA',
    country_code: 'GB',
  },
  type: 'PICKUP_IN_PERSON',
} as const;
type ShippingMember = keyof typeof newShipping;
const SHIPPING_MEMBERS = Object.keys(newShipping) as ShippingMember[];

describe('PATCH /v2/checkout/orders/{id}', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  describe("every target and op of spec 4.4's table", () => {
    const unit0 = (o: Order) => o.purchase_units[0];
    type Case = [name: string, base: () => unknown, ops: Op[], check: (o: Order) => void];
    const cases: Case[] = [
      [
        'replace /intent',
        base,
        [{ op: 'replace', path: '/intent', value: 'AUTHORIZE' }],
        (o) => {
          expect(o.intent).toBe('AUTHORIZE');
          expect(rels(o.links)).toEqual(['self', 'approve', 'edit', 'authorize']);
        },
      ],
      [
        'replace /payer (swaps the whole object)',
        base,
        [{ op: 'replace', path: '/payer', value: { email_address: 'new@example.com' } }],
        (o) => expect(o.payer).toEqual({ email_address: 'new@example.com' }),
      ],
      [
        'add /payer (existing)',
        base,
        [{ op: 'add', path: '/payer', value: { name: { given_name: 'Ann' } } }],
        (o) => expect(o.payer).toEqual({ name: { given_name: 'Ann' } }),
      ],
      [
        'add /payer (absent)',
        bare,
        [{ op: 'add', path: '/payer', value: { email_address: 'added@example.com' } }],
        (o) => expect(o.payer).toEqual({ email_address: 'added@example.com' }),
      ],
      [
        'replace /purchase_units',
        base,
        [
          {
            op: 'replace',
            path: '/purchase_units',
            value: [{ amount: usd('50.00'), description: 'Replaced' }],
          },
        ],
        (o) => {
          expect(o.purchase_units).toHaveLength(1);
          expect(unit0(o)).toEqual({
            reference_id: 'default',
            amount: usd('50.00'),
            description: 'Replaced',
            payee: { email_address: MERCHANT, merchant_id: accountIdFor(MERCHANT) },
          });
        },
      ],
      [
        'add /purchase_units',
        base,
        [
          {
            op: 'add',
            path: '/purchase_units',
            value: [
              { reference_id: 'R1', amount: usd('51.00') },
              { reference_id: 'R2', amount: usd('52.00') },
            ],
          },
        ],
        (o) =>
          expect(o.purchase_units.map((u: Order) => [u.reference_id, u.amount.value])).toEqual([
            ['R1', '51.00'],
            ['R2', '52.00'],
          ]),
      ],
      [
        "replace /purchase_units/@reference_id=='default'",
        base,
        [{ op: 'replace', path: REF, value: { amount: usd('7.00'), custom_id: 'WHOLE' } }],
        (o) =>
          expect(unit0(o)).toMatchObject({
            reference_id: 'default',
            amount: usd('7.00'),
            custom_id: 'WHOLE',
          }),
      ],
      [
        'add /purchase_units/- (a second unit)',
        base,
        [{ op: 'add', path: '/purchase_units/-', value: { reference_id: 'second', amount: usd('3.00') } }],
        (o) => expect(o.purchase_units.map((u: Order) => u.reference_id)).toEqual(['default', 'second']),
      ],
      ...(['custom_id', 'description'] as const).flatMap((member): Case[] => [
        [
          `replace ${member}`,
          base,
          [{ op: 'replace', path: `${REF}/${member}`, value: `new ${member}` }],
          (o: Order) => expect(unit0(o)[member]).toBe(`new ${member}`),
        ],
        [
          `add ${member} (existing)`,
          base,
          [{ op: 'add', path: `${REF}/${member}`, value: `added ${member}` }],
          (o: Order) => expect(unit0(o)[member]).toBe(`added ${member}`),
        ],
        [
          `add ${member} (absent)`,
          bare,
          [{ op: 'add', path: `${REF}/${member}`, value: `fresh ${member}` }],
          (o: Order) => expect(unit0(o)[member]).toBe(`fresh ${member}`),
        ],
        [
          `remove ${member}`,
          base,
          [{ op: 'remove', path: `${REF}/${member}` }],
          (o: Order) => expect(unit0(o)).not.toHaveProperty(member),
        ],
      ]),
      ...(['payee/email', 'payee/email_address'] as const).map((path): Case => [
        `replace ${path}`,
        base,
        [{ op: 'replace', path: `${REF}/${path}`, value: CHARITY }],
        (o: Order) =>
          expect(unit0(o).payee).toEqual({ email_address: CHARITY, merchant_id: accountIdFor(CHARITY) }),
      ]),
      ...SHIPPING_MEMBERS.flatMap((member): Case[] => [
        [
          `replace shipping.${member}`,
          base,
          [{ op: 'replace', path: `${REF}/shipping/${member}`, value: newShipping[member] }],
          (o: Order) => expect(unit0(o).shipping[member]).toEqual(newShipping[member]),
        ],
        [
          `add shipping.${member} (existing)`,
          base,
          [{ op: 'add', path: `${REF}/shipping/${member}`, value: newShipping[member] }],
          (o: Order) => expect(unit0(o).shipping[member]).toEqual(newShipping[member]),
        ],
        [
          `add shipping.${member} (absent)`,
          bare,
          [{ op: 'add', path: `${REF}/shipping/${member}`, value: newShipping[member] }],
          (o: Order) => expect(unit0(o).shipping).toEqual({ [member]: newShipping[member] }),
        ],
      ]),
      [
        'replace one line of shipping.address',
        base,
        [{ op: 'replace', path: `${REF}/shipping/address/address_line_1`, value: '2 Main St' }],
        (o) =>
          expect(unit0(o).shipping.address).toMatchObject({
            address_line_1: '2 Main St',
            country_code: 'US',
          }),
      ],
      [
        'numeric index path',
        base,
        [{ op: 'replace', path: '/purchase_units/0/description', value: 'by index' }],
        (o) => expect(unit0(o).description).toBe('by index'),
      ],
      [
        'amount and items together',
        base,
        [
          {
            op: 'add',
            path: `${REF}/items/-`,
            value: { name: 'Gadget', quantity: '3', unit_amount: usd('1.50') },
          },
          {
            op: 'replace',
            path: `${REF}/amount`,
            value: {
              currency_code: 'USD',
              value: '29.50',
              breakdown: { item_total: usd('24.50'), shipping: usd('5.00') },
            },
          },
        ],
        (o) => {
          expect(unit0(o).items.map((i: Order) => i.name)).toEqual(['Widget', 'Gadget']);
          expect(unit0(o).amount.value).toBe('29.50');
        },
      ],
      [
        'several ops in one patch, in order',
        base,
        [
          { op: 'replace', path: `${REF}/description`, value: 'first' },
          { op: 'replace', path: `${REF}/description`, value: 'second' },
          { op: 'replace', path: '/intent', value: 'AUTHORIZE' },
        ],
        (o) => {
          expect(unit0(o).description).toBe('second');
          expect(o.intent).toBe('AUTHORIZE');
        },
      ],
    ];

    it.each(cases)('%s -> 204, visible in GET', async (_name, makeBase, ops, check) => {
      api = await startHarness();
      const id = await createId(api, makeBase());
      const before = (await getOrder(api, id)).body;
      const reply = await patch(api, id, ops);
      expect(reply.status, reply.text).toBe(204);
      expect(reply.text).toBe('');
      const after = (await getOrder(api, id)).body;
      check(after);
      expect(after.status).toBe(before.status);
      expect(after.id).toBe(id);
      expect(after.create_time).toBe(before.create_time);
    });

    it("addresses the unit named by @reference_id=='...' in a multi-unit order", async () => {
      api = await startHarness();
      const id = await createId(api, {
        intent: 'CAPTURE',
        purchase_units: [
          { reference_id: 'a', amount: usd('1.00'), description: 'A' },
          { reference_id: 'b', amount: usd('2.00'), description: 'B' },
        ],
      });
      const reply = await patch(api, id, [
        { op: 'replace', path: "/purchase_units/@reference_id=='b'/description", value: 'B2' },
        {
          op: 'replace',
          path: '/purchase_units/@reference_id=="a"/custom_id'.replace('custom_id', 'description'),
          value: 'A2',
        },
      ]);
      expect(reply.status, reply.text).toBe(204);
      const units = (await getOrder(api, id)).body.purchase_units;
      expect(units.map((u: Order) => u.description)).toEqual(['A2', 'B2']);
    });

    it('accepts application/json-patch+json', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const reply = await patch(api, id, [{ op: 'replace', path: `${REF}/description`, value: 'patched' }], {
        'content-type': 'application/json-patch+json',
      });
      expect(reply.status, reply.text).toBe(204);
      expect((await getOrder(api, id)).body.purchase_units[0].description).toBe('patched');
    });

    it('patches an APPROVED order and keeps it APPROVED', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      await approve(api, id);
      const reply = await patch(api, id, [
        { op: 'replace', path: `${REF}/description`, value: 'after approval' },
      ]);
      expect(reply.status, reply.text).toBe(204);
      const after = (await getOrder(api, id)).body;
      expect(after.status).toBe('APPROVED');
      expect(after.purchase_units[0].description).toBe('after approval');
    });
  });

  describe('RFC 6902 semantics', () => {
    it.each([
      ['test on a string', [{ op: 'test', path: '/intent', value: 'CAPTURE' }]],
      [
        'test on an object with members in another order',
        [
          {
            op: 'test',
            path: `${REF}/amount`,
            value: {
              breakdown: { shipping: usd('5.00'), item_total: { value: '20.00', currency_code: 'USD' } },
              value: '25.00',
              currency_code: 'USD',
            },
          },
        ],
      ],
      [
        'test on an array (same order)',
        [
          {
            op: 'test',
            path: `${REF}/shipping/options`,
            value: richOrder().purchase_units[0]!.shipping.options,
          },
        ],
      ],
      ['test on a boolean', [{ op: 'test', path: `${REF}/shipping/options/0/selected`, value: true }]],
      ['test via payee/email', [{ op: 'test', path: `${REF}/payee/email`, value: MERCHANT }]],
    ])('%s passes -> 204', async (_name, ops) => {
      api = await startHarness();
      const id = await createId(api, base());
      const reply = await patch(api, id, [
        ...ops,
        { op: 'replace', path: `${REF}/description`, value: 'tested' },
      ]);
      expect(reply.status, reply.text).toBe(204);
      expect((await getOrder(api, id)).body.purchase_units[0].description).toBe('tested');
    });

    it('test and from read the whole order, read-only members included', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const before = (await getOrder(api, id)).body;
      // Optimistic concurrency: change the order only while it is still CREATED.
      const reply = await patch(api, id, [
        { op: 'test', path: '/id', value: id },
        { op: 'test', path: '/status', value: 'CREATED' },
        { op: 'copy', from: '/create_time', path: `${REF}/custom_id` },
      ]);
      expect(reply.status, reply.text).toBe(204);
      const after = (await getOrder(api, id)).body;
      expect(after.purchase_units[0].custom_id).toBe(before.create_time);
      expect(after.status).toBe('CREATED');

      const stale = await patch(api, id, [
        { op: 'test', path: '/status', value: 'APPROVED' },
        { op: 'replace', path: `${REF}/custom_id`, value: 'stale' },
      ]);
      expectError(stale, 'UNPROCESSABLE_ENTITY', {
        issue: 'PATCH_TEST_FAILED',
        field: '/0/value',
        location: 'body',
      });
      expect((await getOrder(api, id)).body.purchase_units[0].custom_id).toBe(before.create_time);
      // Reading is not writing: read-only members stay unpatchable.
      expectError(
        await patch(api, id, [{ op: 'replace', path: '/status', value: 'COMPLETED' }]),
        'UNPROCESSABLE_ENTITY',
        { issue: 'PATCH_PATH_NOT_SUPPORTED', field: '/0/path' },
      );
      expectError(
        await patch(api, id, [{ op: 'move', from: '/status', path: `${REF}/custom_id` }]),
        'UNPROCESSABLE_ENTITY',
        { issue: 'PATCH_OPERATION_NOT_SUPPORTED', field: '/0/op' },
      );
    });

    it('test compares numbers numerically (1 equals 1.0 and 1e0), whitespace is insignificant', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const payload = `[ {"op":"add","path":"/payer/name/rank","value":1},
        {"op":"test","path":"/payer/name/rank","value":1.0},
        {"op" : "test", "path" : "/payer/name/rank", "value" : 1e0},
        {"op":"remove","path":"/payer/name/rank"},
        {"op":"replace","path":"${REF}/description","value":"numbers"} ]`;
      const reply = await api.request('PATCH', `${ORDERS}/${id}`, {
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(reply.status, reply.text).toBe(204);
      expect((await getOrder(api, id)).body.purchase_units[0].description).toBe('numbers');
    });

    it.each([
      ['a different string', [{ op: 'test', path: '/intent', value: 'AUTHORIZE' }]],
      [
        'a different number',
        [
          { op: 'add', path: '/payer/name/rank', value: 1 },
          { op: 'test', path: '/payer/name/rank', value: 2 },
        ],
      ],
      [
        'the same digits as a number instead of a string',
        [{ op: 'test', path: `${REF}/items/0/quantity`, value: 2 }],
      ],
      [
        'an object with an extra member',
        [
          {
            op: 'test',
            path: `${REF}/payee`,
            value: { email_address: MERCHANT, merchant_id: accountIdFor(MERCHANT), extra: null },
          },
        ],
      ],
      [
        'an object with a missing member',
        [{ op: 'test', path: `${REF}/payee`, value: { email_address: MERCHANT } }],
      ],
      [
        'an array in another order',
        [
          { op: 'add', path: `${REF}/shipping/options/-`, value: newShipping.options[1] },
          {
            op: 'test',
            path: `${REF}/shipping/options`,
            value: [newShipping.options[1], ...richOrder().purchase_units[0]!.shipping.options],
          },
        ],
      ],
      [
        'an array of another length',
        [
          {
            op: 'test',
            path: `${REF}/shipping/options`,
            value: [...richOrder().purchase_units[0]!.shipping.options, newShipping.options[1]],
          },
        ],
      ],
      ['null instead of a value', [{ op: 'test', path: '/intent', value: null }]],
      ['a string case variant', [{ op: 'test', path: '/intent', value: 'capture' }]],
    ])('a failing test (%s) -> 422 PATCH_TEST_FAILED, nothing changed', async (_name, ops) => {
      api = await startHarness();
      const id = await createId(api, base());
      const before = (await getOrder(api, id)).body;
      const reply = await patch(api, id, [
        { op: 'replace', path: `${REF}/description`, value: 'must not stick' },
        { op: 'remove', path: `${REF}/custom_id` },
        ...ops,
      ]);
      expectError(reply, 'UNPROCESSABLE_ENTITY', { issue: 'PATCH_TEST_FAILED', location: 'body' });
      await expectUnchanged(api, id, before);
    });

    it('a failing test names the failing operation', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const reply = await patch(api, id, [
        { op: 'test', path: '/intent', value: 'CAPTURE' },
        { op: 'test', path: '/intent', value: 'AUTHORIZE' },
      ]);
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'PATCH_TEST_FAILED',
        field: '/1/value',
        location: 'body',
      });
    });

    it('test on a path that does not exist -> 422, nothing changed', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const before = (await getOrder(api, id)).body;
      const reply = await patch(api, id, [
        { op: 'replace', path: `${REF}/description`, value: 'x' },
        { op: 'test', path: `${REF}/invoice_id`, value: 'INV' },
      ]);
      expect(reply.status, reply.text).toBe(422);
      expectError(reply, 'UNPROCESSABLE_ENTITY');
      await expectUnchanged(api, id, before);
    });

    it.each([
      ['remove of an absent member', { op: 'remove', path: `${REF}/invoice_id` }],
      ['replace of an absent member', { op: 'replace', path: `${REF}/invoice_id`, value: 'INV-1' }],
      [
        'add below an absent parent',
        { op: 'add', path: "/purchase_units/@reference_id=='default'/shipping/name/full_name/x", value: 'y' },
      ],
    ])('%s fails the whole patch with 422, nothing changed', async (_name, failing) => {
      api = await startHarness();
      const id = await createId(api, {
        ...base(),
        purchase_units: [{ ...base().purchase_units[0]!, shipping: { type: 'SHIPPING' } }],
      });
      const before = (await getOrder(api, id)).body;
      const reply = await patch(api, id, [{ op: 'replace', path: '/intent', value: 'AUTHORIZE' }, failing]);
      expectError(reply, 'UNPROCESSABLE_ENTITY', { issue: 'PATCH_FAILED', location: 'body' });
      await expectUnchanged(api, id, before);
    });

    it('move removes from `from` and adds at `path`', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const reply = await patch(api, id, [
        { op: 'move', from: `${REF}/custom_id`, path: `${REF}/invoice_id` },
      ]);
      expect(reply.status, reply.text).toBe(204);
      const unit = (await getOrder(api, id)).body.purchase_units[0];
      expect(unit.invoice_id).toBe('CUST-1');
      expect(unit).not.toHaveProperty('custom_id');
    });

    it('copy duplicates `from` at `path`', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const reply = await patch(api, id, [
        { op: 'copy', from: `${REF}/description`, path: `${REF}/custom_id` },
      ]);
      expect(reply.status, reply.text).toBe(204);
      const unit = (await getOrder(api, id)).body.purchase_units[0];
      expect(unit.custom_id).toBe('Original description');
      expect(unit.description).toBe('Original description');
    });

    it('add at an array index inserts there', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const reply = await patch(api, id, [
        {
          op: 'add',
          path: `${REF}/items/0`,
          value: { name: 'First', quantity: '1', unit_amount: usd('1.00') },
        },
        { op: 'replace', path: `${REF}/amount/breakdown/item_total/value`, value: '21.00' },
        { op: 'replace', path: `${REF}/amount/value`, value: '26.00' },
      ]);
      expect(reply.status, reply.text).toBe(204);
      const unit = (await getOrder(api, id)).body.purchase_units[0];
      expect(unit.items.map((i: Order) => i.name)).toEqual(['First', 'Widget']);
      expect(unit.amount).toEqual({
        currency_code: 'USD',
        value: '26.00',
        breakdown: { item_total: usd('21.00'), shipping: usd('5.00') },
      });
    });
  });

  describe('rejected patches', () => {
    type Rejection = [
      name: string,
      ops: unknown,
      status: 400 | 403 | 422,
      errorName: ErrorName,
      issue: Issue,
      field?: string,
    ];
    const rejections: Rejection[] = [
      // ops a target does not permit
      [
        'remove /intent',
        [{ op: 'remove', path: '/intent' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ],
      [
        'add /intent',
        [{ op: 'add', path: '/intent', value: 'AUTHORIZE' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ],
      [
        'remove /payer',
        [{ op: 'remove', path: '/payer' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ],
      [
        'remove /purchase_units',
        [{ op: 'remove', path: '/purchase_units' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ],
      [
        'remove a purchase unit',
        [{ op: 'remove', path: REF }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ],
      [
        'remove payee email',
        [{ op: 'remove', path: `${REF}/payee/email` }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ],
      [
        'add payee email',
        [{ op: 'add', path: `${REF}/payee/email_address`, value: CHARITY }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ],
      ...SHIPPING_MEMBERS.map((m): Rejection => [
        `remove shipping.${m}`,
        [{ op: 'remove', path: `${REF}/shipping/${m}` }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ]),
      [
        'move out of /intent',
        [{ op: 'move', from: '/intent', path: `${REF}/description` }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ],
      [
        'copy onto /intent',
        [{ op: 'copy', from: `${REF}/description`, path: '/intent' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_OPERATION_NOT_SUPPORTED',
        '/0/op',
      ],
      // paths that are not patchable
      ...[
        '/status',
        '/id',
        '/create_time',
        '/update_time',
        '/links',
        '/payment_source',
        '/application_context',
        '/unknown',
        `${REF}/reference_id`,
        `${REF}/payee`,
        `${REF}/payee/merchant_id`,
        `${REF}/payments`,
        `${REF}/unknown`,
      ].map((path): Rejection => [
        `replace ${path}`,
        [{ op: 'replace', path, value: 'x' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_PATH_NOT_SUPPORTED',
        '/0/path',
      ]),
      [
        'an array index past the end',
        [
          {
            op: 'add',
            path: `${REF}/items/5`,
            value: { name: 'Late', quantity: '1', unit_amount: usd('1.00') },
          },
        ],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_FAILED',
        '/0/path',
      ],
      [
        'a non-numeric array index',
        [
          {
            op: 'replace',
            path: `${REF}/items/first`,
            value: { name: 'Late', quantity: '1', unit_amount: usd('1.00') },
          },
        ],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_FAILED',
        '/0/path',
      ],
      [
        'unknown reference_id',
        [{ op: 'replace', path: "/purchase_units/@reference_id=='nope'/description", value: 'x' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PATCH_FAILED',
        '/0/path',
      ],
      // malformed patches
      [
        'a path without a leading slash',
        [{ op: 'replace', path: 'intent', value: 'AUTHORIZE' }],
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_SYNTAX',
        '/0/path',
      ],
      [
        'a bad ~ escape',
        [{ op: 'replace', path: `${REF}/descr~2iption`, value: 'x' }],
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_SYNTAX',
        '/0/path',
      ],
      [
        'a malformed `from`',
        [{ op: 'copy', from: 'description', path: `${REF}/custom_id` }],
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_SYNTAX',
        '/0/from',
      ],
      [
        'replace without value',
        [{ op: 'replace', path: '/intent' }],
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/0/value',
      ],
      [
        'add without value',
        [{ op: 'add', path: `${REF}/description` }],
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/0/value',
      ],
      [
        'test without value',
        [{ op: 'test', path: '/intent' }],
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/0/value',
      ],
      [
        'move without from',
        [{ op: 'move', path: `${REF}/description` }],
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/0/from',
      ],
      [
        'copy without from',
        [{ op: 'copy', path: `${REF}/description` }],
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/0/from',
      ],
      [
        'an unknown op',
        [{ op: 'merge', path: '/intent', value: 'AUTHORIZE' }],
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        '/0/op',
      ],
      [
        'a missing op',
        [{ path: '/intent', value: 'AUTHORIZE' }],
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/0/op',
      ],
      [
        'a missing path',
        [{ op: 'replace', value: 'AUTHORIZE' }],
        400,
        'INVALID_REQUEST',
        'MISSING_REQUIRED_PARAMETER',
        '/0/path',
      ],
      ['an empty patch', [], 400, 'INVALID_REQUEST', 'INVALID_ARRAY_MIN_ITEMS', '/'],
      [
        'an object instead of an array',
        { op: 'replace', path: '/intent', value: 'AUTHORIZE' },
        400,
        'INVALID_REQUEST',
        'INVALID_PARAMETER_VALUE',
        '/',
      ],
      // patches whose result is not a valid order
      [
        'an amount that no longer matches its breakdown',
        [{ op: 'replace', path: `${REF}/amount/value`, value: '99.00' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'AMOUNT_MISMATCH',
        '/purchase_units/0/amount/value',
      ],
      [
        'items that no longer match item_total',
        [{ op: 'replace', path: `${REF}/items/0/quantity`, value: '3' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'ITEM_TOTAL_MISMATCH',
        '/purchase_units/0/amount/breakdown/item_total',
      ],
      [
        'too many decimals',
        [{ op: 'replace', path: `${REF}/amount`, value: { currency_code: 'USD', value: '1.001' } }],
        422,
        'UNPROCESSABLE_ENTITY',
        'DECIMAL_PRECISION',
        '/purchase_units/0/amount/value',
      ],
      [
        'an unknown intent',
        [{ op: 'replace', path: '/intent', value: 'SALE' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'INVALID_PATCH_RESULT',
        '/intent',
      ],
      [
        'an unknown payee',
        [{ op: 'replace', path: `${REF}/payee/email`, value: 'nobody@example.com' }],
        422,
        'UNPROCESSABLE_ENTITY',
        'PAYEE_ACCOUNT_INVALID',
        '/purchase_units/0/payee/email_address',
      ],
      [
        'a shipping address without country',
        [{ op: 'remove', path: `${REF}/shipping/address/country_code` }],
        422,
        'UNPROCESSABLE_ENTITY',
        'INVALID_PATCH_RESULT',
        '/purchase_units/0/shipping/address/country_code',
      ],
      [
        'no purchase units',
        [{ op: 'replace', path: '/purchase_units', value: [] }],
        422,
        'UNPROCESSABLE_ENTITY',
        'INVALID_PATCH_RESULT',
        '/purchase_units',
      ],
      [
        'a second unit without reference_id',
        [{ op: 'add', path: '/purchase_units/-', value: { amount: usd('1.00') } }],
        422,
        'UNPROCESSABLE_ENTITY',
        'REFERENCE_ID_REQUIRED',
        '/purchase_units/1/reference_id',
      ],
      [
        'a second unit reusing reference_id default',
        [{ op: 'add', path: '/purchase_units/-', value: { reference_id: 'default', amount: usd('1.00') } }],
        422,
        'UNPROCESSABLE_ENTITY',
        'DUPLICATE_REFERENCE_ID',
        '/purchase_units/1/reference_id',
      ],
      [
        'a description over 127 characters',
        [{ op: 'replace', path: `${REF}/description`, value: 'd'.repeat(128) }],
        422,
        'UNPROCESSABLE_ENTITY',
        'INVALID_PATCH_RESULT',
        '/purchase_units/0/description',
      ],
      [
        'a DONATION item paid to the merchant',
        [
          {
            op: 'add',
            path: `${REF}/items/-`,
            value: { name: 'Gift', quantity: '1', unit_amount: usd('5.00'), category: 'DONATION' },
          },
          {
            op: 'replace',
            path: `${REF}/amount`,
            value: {
              currency_code: 'USD',
              value: '30.00',
              breakdown: { item_total: usd('25.00'), shipping: usd('5.00') },
            },
          },
        ],
        403,
        'NOT_AUTHORIZED',
        'PERMISSION_DENIED_FOR_DONATION_ITEMS',
        '/purchase_units/0/items/1/category',
      ],
    ];

    const rows = rejections.map(([name, ops, status, errorName, issue, field]) => ({
      name,
      ops,
      status,
      errorName,
      issue,
      field,
    }));
    it.each(rows)('$name -> $status $issue', async ({ ops, status, errorName, issue, field }) => {
      api = await startHarness();
      const id = await createId(api, base());
      const before = (await getOrder(api, id)).body;
      const reply = await patch(api, id, ops);
      expect(reply.status, reply.text).toBe(status);
      expectError(reply, errorName, { issue, ...(field ? { field } : {}), location: 'body' });
      await expectUnchanged(api, id, before);
    });

    it('a rejected op anywhere in the patch rejects all of it', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const before = (await getOrder(api, id)).body;
      const reply = await patch(api, id, [
        { op: 'replace', path: `${REF}/description`, value: 'ok' },
        { op: 'replace', path: '/intent', value: 'AUTHORIZE' },
        { op: 'remove', path: '/intent' },
      ]);
      expectError(reply, 'UNPROCESSABLE_ENTITY', {
        issue: 'PATCH_OPERATION_NOT_SUPPORTED',
        field: '/2/op',
        location: 'body',
      });
      await expectUnchanged(api, id, before);
    });
  });

  describe('order state and access', () => {
    it.each([
      ['COMPLETED', 'capture'],
      ['COMPLETED', 'authorize'],
    ] as const)(
      'a %s order (after %s) cannot be updated: 422 ORDER_CANNOT_BE_UPDATED',
      async (_status, action) => {
        api = await startHarness();
        const id = await createId(api, { ...base(), intent: action === 'capture' ? 'CAPTURE' : 'AUTHORIZE' });
        await approve(api, id);
        expect((await api.request('POST', `${ORDERS}/${id}/${action}`)).status).toBe(201);
        const before = (await getOrder(api, id)).body;
        const reply = await patch(api, id, [
          { op: 'replace', path: `${REF}/description`, value: 'too late' },
        ]);
        expectError(reply, 'UNPROCESSABLE_ENTITY', { issue: 'ORDER_CANNOT_BE_UPDATED', location: 'path' });
        await expectUnchanged(api, id, before);
      },
    );

    it('a PAYER_ACTION_REQUIRED order cannot be updated', async () => {
      api = await startHarness();
      const id = await createId(
        api,
        { ...simpleOrder(), payment_source: { svc: {} } },
        { 'svc-request-id': 'par-1' },
      );
      const reply = await patch(api, id, [{ op: 'add', path: `${REF}/description`, value: 'x' }]);
      expectError(reply, 'UNPROCESSABLE_ENTITY', { issue: 'ORDER_CANNOT_BE_UPDATED', location: 'path' });
    });

    it('answers 404 for an unknown order, 400 for a malformed id, 401 without a token', async () => {
      api = await startHarness();
      const ops = [{ op: 'replace', path: '/intent', value: 'AUTHORIZE' }];
      expectError(await patch(api, 'ABCDEFGHIJKLMNOPQ', ops), 'RESOURCE_NOT_FOUND', {
        issue: 'RESOURCE_NOT_FOUND',
        location: 'path',
      });
      expectError(await patch(api, 'abc', ops), 'INVALID_REQUEST', {
        issue: 'INVALID_PARAMETER_SYNTAX',
        location: 'path',
      });
      const id = await createId(api, base());
      expectError(
        await api.request('PATCH', `${ORDERS}/${id}`, { body: ops, token: null }),
        'AUTHENTICATION_FAILURE',
      );
    });

    it('rejects a non-JSON media type with 415', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const reply = await api.request('PATCH', `${ORDERS}/${id}`, {
        payload: '[]',
        headers: { 'content-type': 'text/plain' },
      });
      expectError(reply, 'UNSUPPORTED_MEDIA_TYPE', { issue: 'UNSUPPORTED_CONTENT_TYPE', location: 'header' });
    });

    it('records the update in the order history and moves update_time with the clock', async () => {
      api = await startHarness();
      const id = await createId(api, base());
      const before = (await getOrder(api, id)).body;
      api.host.deps.clock.advance(60_000);
      expect(
        (await patch(api, id, [{ op: 'replace', path: `${REF}/description`, value: 'later' }])).status,
      ).toBe(204);
      const after = (await getOrder(api, id)).body;
      expect(Date.parse(after.update_time) - Date.parse(before.update_time)).toBeGreaterThanOrEqual(59_000);
      expect(api.host.deps.store.resources.history('order', id).map((h) => h.trigger)).toEqual([
        'create',
        'update',
      ]);
    });
  });
});
