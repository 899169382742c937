import { describe, expect, it } from 'vitest';
import { allowedOps, patchedOrderId, previewOrderPatch, resolvePatchPath } from './patch-preview';

const ORDER = {
  id: 'ORDER1',
  status: 'CREATED',
  intent: 'CAPTURE',
  purchase_units: [
    {
      reference_id: 'default',
      description: 'Old',
      amount: { currency_code: 'USD', value: '10.00' },
      payee: { email_address: 'merchant@example.com' },
    },
  ],
  links: [],
};

const preview = (ops: unknown, status = 'CREATED') =>
  previewOrderPatch(ORDER, status, typeof ops === 'string' ? ops : JSON.stringify(ops));

describe('patch preview', () => {
  it('recognises a PATCH of an order only', () => {
    expect(patchedOrderId('PATCH', '/v2/checkout/orders/ABC123')).toBe('ABC123');
    expect(patchedOrderId('PATCH', '/v2/checkout/orders/ABC123?x=1')).toBe('ABC123');
    expect(patchedOrderId('GET', '/v2/checkout/orders/ABC123')).toBeUndefined();
    expect(patchedOrderId('PATCH', '/v2/checkout/orders/ABC123/capture')).toBeUndefined();
  });

  it('resolves the reference form and payee/email like the sandbox', () => {
    const doc = { intent: 'CAPTURE', purchase_units: ORDER.purchase_units };
    expect(resolvePatchPath(doc, "/purchase_units/@reference_id=='default'/description").path).toBe(
      '/purchase_units/0/description',
    );
    expect(resolvePatchPath(doc, "/purchase_units/@reference_id=='default'/payee/email").path).toBe(
      '/purchase_units/0/payee/email_address',
    );
    expect(resolvePatchPath(doc, "/purchase_units/@reference_id=='x'/description").error).toMatch(
      /reference_id 'x'/,
    );
  });

  it('applies a valid patch and lists the diff', () => {
    const result = preview([
      { op: 'replace', path: "/purchase_units/@reference_id=='default'/description", value: 'New' },
      { op: 'add', path: "/purchase_units/@reference_id=='default'/custom_id", value: 'C-1' },
    ]);
    expect(result.problems).toEqual([]);
    expect(result.diff).toEqual([
      { sign: '~', op: 'replace', path: '/purchase_units/0/description', value: 'New', previous: 'Old' },
      { sign: '+', op: 'add', path: '/purchase_units/0/custom_id', value: 'C-1' },
    ]);
    expect((result.after?.purchase_units[0] as { description: string }).description).toBe('New');
  });

  it('lets test read read-only members of the order', () => {
    expect(preview([{ op: 'test', path: '/status', value: 'CREATED' }]).problems).toEqual([]);
    expect(preview([{ op: 'test', path: '/status', value: 'APPROVED' }]).problems[0]).toMatchObject({
      index: 0,
      issue: 'PATCH_TEST_FAILED',
    });
  });

  it('names the failing operation and issue', () => {
    expect(preview([{ op: 'remove', path: '/intent' }]).problems[0]).toMatchObject({
      index: 0,
      issue: 'PATCH_OPERATION_NOT_SUPPORTED',
    });
    expect(preview([{ op: 'replace', path: '/links', value: [] }]).problems[0]).toMatchObject({
      index: 0,
      issue: 'PATCH_PATH_NOT_SUPPORTED',
    });
    expect(
      preview([{ op: 'replace', path: "/purchase_units/@reference_id=='nope'/description", value: 'x' }])
        .problems[0],
    ).toMatchObject({ index: 0, issue: 'PATCH_FAILED' });
    expect(preview([{ op: 'replace', path: '/purchase_units/0/description' }]).problems[0]).toMatchObject({
      index: 0,
      issue: 'MISSING_REQUIRED_PARAMETER',
    });
    expect(
      preview([{ op: 'replace', path: '/purchase_units/3/description', value: 'x' }]).problems[0],
    ).toMatchObject({
      index: 0,
      issue: 'PATCH_FAILED',
    });
    expect(preview('[{"op":').problems[0]).toMatchObject({ index: -1, issue: 'MALFORMED_REQUEST_JSON' });
    expect(preview([]).problems[0]?.index).toBe(-1);
  });

  it('validates the patched order and the order status', () => {
    const bad = preview([
      { op: 'replace', path: '/purchase_units/0/amount', value: { currency_code: 'usd', value: '1' } },
    ]);
    expect(bad.problems.map((p) => p.issue)).toContain('INVALID_PATCH_RESULT');
    expect(
      preview([{ op: 'replace', path: '/intent', value: 'AUTHORIZE' }], 'COMPLETED').problems[0],
    ).toMatchObject({
      issue: 'ORDER_CANNOT_BE_UPDATED',
    });
  });

  it('mirrors the patchable targets', () => {
    expect(allowedOps('/intent')).toEqual(['replace']);
    expect(allowedOps('/purchase_units/0/shipping/address/postal_code')).toEqual([
      'add',
      'replace',
      'remove',
    ]);
    expect(allowedOps('/purchase_units/0/reference_id')).toBeUndefined();
  });
});
