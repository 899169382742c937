import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../../test-support/harness-per-test.js';
import { TEST_CLIENT_ID } from '../../../test-support/api-harness.js';
import { expectError } from '../../../test-support/expect-error.js';
import { assertion, onboardedSeller } from '../partner-referrals/partners-test-kit.js';
import {
  act,
  capturedOrder,
  DISPUTES,
  getCapture,
  getDispute,
  openDispute,
  rels,
  startDisputesHarness,
} from './disputes-test-kit.js';

const api = harnessPerTest(startDisputesHarness);

describe('partial update', () => {
  it('sets the communication details and refuses other paths and ops', async () => {
    const { captureId } = await capturedOrder(api);
    const { dispute_id: id } = await openDispute(api, captureId);
    const ok = await api.request('PATCH', `${DISPUTES}/${id}`, {
      body: [
        {
          op: 'add',
          path: '/communication_details',
          value: { email: 'help@shop.example', note: 'Write us' },
        },
      ],
    });
    expect(ok.status, ok.text).toBe(204);
    expect((await getDispute(api, id)).communication_details).toMatchObject({
      email: 'help@shop.example',
      note: 'Write us',
    });
    expectError(
      await api.request('PATCH', `${DISPUTES}/${id}`, {
        body: [{ op: 'replace', path: '/reason', value: 'OTHER' }],
      }),
      'UNPROCESSABLE_ENTITY',
      { issue: 'PATCH_PATH_NOT_SUPPORTED', field: '/0/path' },
    );
    expectError(
      await api.request('PATCH', `${DISPUTES}/${id}`, {
        body: [{ op: 'remove', path: '/communication_details' }],
      }),
      'UNPROCESSABLE_ENTITY',
      { issue: 'PATCH_OPERATION_NOT_SUPPORTED', field: '/0/op' },
    );
    expectError(
      await api.request('PATCH', `${DISPUTES}/${id}`, {
        body: [{ op: 'replace', path: '/communication_details/email', value: 'not an email' }],
      }),
      'INVALID_REQUEST',
      { issue: 'INVALID_PARAMETER_VALUE', field: '/communication_details/email' },
    );
  });
});

describe('listing', () => {
  it('filters by state and pages with next_page_token, newest first', async () => {
    const { captureId } = await capturedOrder(api);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { dispute_id } = await openDispute(api, captureId, {
        amount: { currency_code: 'USD', value: '10.00' },
      });
      ids.push(dispute_id as string);
    }
    await act(api, ids[0] ?? '', 'make-offer', {
      note: 'n',
      offer_type: 'REFUND',
      offer_amount: { currency_code: 'USD', value: '1.00' },
    });
    const first = await api.request('GET', `${DISPUTES}?dispute_state=REQUIRED_ACTION&page_size=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.items.map((d: { dispute_id: string }) => d.dispute_id)).toEqual([ids[4], ids[3]]);
    const next = first.body.links.find((l: { rel: string }) => l.rel === 'next');
    const second = await api.request('GET', new URL(next.href).pathname + new URL(next.href).search);
    expect(second.body.items.map((d: { dispute_id: string }) => d.dispute_id)).toEqual([ids[2], ids[1]]);
    expect(second.body.links.map((l: { rel: string }) => l.rel)).toEqual(['self']);
    const other = await api.request('GET', `${DISPUTES}?dispute_state=REQUIRED_OTHER_PARTY_ACTION,RESOLVED`);
    expect(other.body.items.map((d: { dispute_id: string }) => d.dispute_id)).toEqual([ids[0]]);
    const none = await api.request('GET', `${DISPUTES}?disputed_transaction_id=UNKNOWN1234567890`);
    expect(none.body.items).toEqual([]);
  });

  it.each([
    ['page_size=0', 'page_size'],
    ['page_size=51', 'page_size'],
    ['dispute_state=OPEN', 'dispute_state'],
    ['start_time=yesterday', 'start_time'],
    ['next_page_token=***', 'next_page_token'],
    ['next_page_token=AAAA', 'next_page_token'],
    ['start_time=2026-05-01T00:00:00Z&disputed_transaction_id=ABC', 'disputed_transaction_id'],
    ['update_time_after=2025-01-01T00:00:00Z', 'update_time_after'],
  ])('refuses %s with 400', async (query, field) => {
    const reply = await api.request('GET', `${DISPUTES}?${query}`);
    expect(reply.status, reply.text).toBe(400);
    expect(reply.body.details[0].field).toContain(field);
  });
});

describe('refusals', () => {
  it('answers 404 for a dispute of another app, 400 for bad bodies, 422 where the state says no', async () => {
    const { captureId } = await capturedOrder(api);
    const { dispute_id: id } = await openDispute(api, captureId);
    expectError(await api.request('GET', `${DISPUTES}/PP-D-0`), 'RESOURCE_NOT_FOUND');
    expectError(
      await api.request('POST', `${DISPUTES}/${id}/make-offer`, { body: { note: 'x' } }),
      'INVALID_REQUEST',
    );
    expectError(
      await api.request('POST', `${DISPUTES}/${id}/make-offer`, {
        body: { note: 'x', offer_type: 'REFUND', offer_amount: { currency_code: 'USD', value: '100.01' } },
      }),
      'UNPROCESSABLE_ENTITY',
      'REFUND_AMOUNT_EXCEEDS_DISPUTE_AMOUNT',
    );
    expectError(
      await api.request('POST', `${DISPUTES}/${id}/make-offer`, {
        body: { note: 'x', offer_type: 'REFUND', offer_amount: { currency_code: 'EUR', value: '1.00' } },
      }),
      'UNPROCESSABLE_ENTITY',
      'DISPUTE_CURRENCY_MISMATCH',
    );
    expectError(
      await api.request('POST', `${DISPUTES}/${id}/make-offer`, {
        body: {
          note: 'x',
          offer_type: 'REFUND_WITH_RETURN',
          offer_amount: { currency_code: 'USD', value: '1.00' },
        },
      }),
      'UNPROCESSABLE_ENTITY',
      'OFFER_TYPE_NOT_ALLOWED',
    );
    expectError(
      await api.request('POST', `${DISPUTES}/${id}/accept-claim`, {
        body: { refund_amount: { currency_code: 'USD', value: '5.00' } },
      }),
      'UNPROCESSABLE_ENTITY',
      'AMOUNT_SHOULD_NOT_BE_PASSED',
    );
    for (const [action, body] of [
      ['appeal', { evidences: [{ evidence_type: 'OTHER', notes: 'x' }] }],
      ['accept-offer', {}],
      ['deny-offer', { note: 'no' }],
      ['acknowledge-return-item', {}],
      ['provide-supporting-info', { notes: 'x' }],
      ['adjudicate', { adjudication_outcome: 'SELLER_FAVOR' }],
      ['require-evidence', { action: 'SELLER_EVIDENCE' }],
    ] as const)
      expectError(
        await api.request('POST', `${DISPUTES}/${id}/${action}`, { body }),
        'UNPROCESSABLE_ENTITY',
        'ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE',
      );
    expectError(
      await api.request('POST', `${DISPUTES}/${id}/send-message`, {
        payload: '--x\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--x--\r\n',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      }),
      'INVALID_REQUEST',
      'MALFORMED_MULTIPART_BODY',
    );
    await act(api, id, 'accept-claim', { note: 'Sorry' });
    for (const action of ['send-message', 'escalate', 'accept-claim'])
      expectError(
        await api.request('POST', `${DISPUTES}/${id}/${action}`, { body: { message: 'm', note: 'n' } }),
        'UNPROCESSABLE_ENTITY',
        'ACTION_NOT_ALLOWED_IN_CURRENT_DISPUTE_STATE',
      );
  });
});

describe('a return agreed', () => {
  it('refunds once the seller acknowledges the returned item', async () => {
    const { captureId } = await capturedOrder(api);
    const { dispute_id: id } = await openDispute(api, captureId, {
      reason: 'MERCHANDISE_OR_SERVICE_NOT_AS_DESCRIBED',
    });
    await act(api, id, 'make-offer', {
      note: 'Send it back',
      offer_type: 'REFUND_WITH_RETURN',
      offer_amount: { currency_code: 'USD', value: '100.00' },
    });
    const returning = await act(api, id, 'accept-offer', {});
    expect(returning.status).toBe('WAITING_FOR_SELLER_RESPONSE');
    expect(rels(returning.links)).toEqual(['self', 'acknowledge_return_item']);
    expect(returning.allowed_response_options.acknowledge_return_item.acknowledgement_types).toContain(
      'ITEM_RECEIVED',
    );
    const done = await act(api, id, 'acknowledge-return-item', { acknowledgement_type: 'ITEM_RECEIVED' });
    expect(done.status).toBe('RESOLVED');
    expect((await getCapture(api, captureId)).status).toBe('REFUNDED');
  });
});

describe('acting for a seller', () => {
  async function sellerCapture(features: string[]): Promise<{ sellerId: string; captureId: string }> {
    const sellerId = await onboardedSeller(
      api,
      `${features.length}@seller.example`,
      features,
      `t-${features.length}`,
    );
    const headers = { 'svc-auth-assertion': assertion({ iss: TEST_CLIENT_ID, payer_id: sellerId }) };
    const created = await api.request('POST', '/v2/checkout/orders', {
      headers,
      body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '20.00' } }] },
    });
    expect(created.status, created.text).toBe(201);
    await api.request('POST', `/v1/test-helpers/checkout/orders/${created.body.id}/approve`, { body: {} });
    const captured = await api.request('POST', `/v2/checkout/orders/${created.body.id}/capture`, {
      headers,
      body: {},
    });
    expect(captured.status, captured.text).toBe(201);
    return { sellerId, captureId: captured.body.purchase_units[0].payments.captures[0].id };
  }

  it('needs the seller to have granted the dispute features', async () => {
    const granted = await sellerCapture(['PAYMENT', 'READ_SELLER_DISPUTE', 'UPDATE_SELLER_DISPUTE']);
    const { dispute_id: id } = await openDispute(api, granted.captureId);
    const as = (sellerId: string) => ({ 'svc-auth-assertion': assertion({ payer_id: sellerId }) });
    expect((await api.request('GET', `${DISPUTES}/${id}`, { headers: as(granted.sellerId) })).status).toBe(
      200,
    );
    const accepted = await api.request('POST', `${DISPUTES}/${id}/send-message`, {
      headers: as(granted.sellerId),
      body: { message: 'On it' },
    });
    expect(accepted.status, accepted.text).toBe(200);

    const readOnly = await sellerCapture(['PAYMENT', 'READ_SELLER_DISPUTE']);
    const { dispute_id: other } = await openDispute(api, readOnly.captureId);
    expect(
      (await api.request('GET', `${DISPUTES}/${other}`, { headers: as(readOnly.sellerId) })).status,
    ).toBe(200);
    expectError(
      await api.request('POST', `${DISPUTES}/${other}/accept-claim`, {
        headers: as(readOnly.sellerId),
        body: {},
      }),
      'NOT_AUTHORIZED',
      { issue: 'PAYEE_NOT_CONSENTED', field: 'Svc-Auth-Assertion', location: 'header' },
    );
    // The other seller's dispute is not found when acting for this one.
    expectError(
      await api.request('GET', `${DISPUTES}/${other}`, { headers: as(granted.sellerId) }),
      'RESOURCE_NOT_FOUND',
    );
  });
});
