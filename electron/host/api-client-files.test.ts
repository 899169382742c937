import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../shared/bridge.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../test-support/api-harness.js';
import { CARD } from '../test-support/fixtures.js';
import { createHost, type Host } from './create-host.js';
import { MemoryVault } from './vault.js';
import { WorkbenchService } from './workbench-service.js';

describe('the bridge sends files as multipart/form-data', () => {
  let host: Host;
  let service: WorkbenchService;

  beforeEach(async () => {
    host = createHost({
      location: { kind: 'memory' },
      credentials: { clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET },
    });
    const base = await host.listen('127.0.0.1', 0);
    service = new WorkbenchService(host, {
      mode: 'browser',
      version: 'test',
      vault: new MemoryVault(),
      embeddedBaseUrl: base,
    });
  });
  afterEach(async () => host.close());

  const send = async (input: Record<string, unknown>) =>
    (await service.call('sendRequest', input as never)) as ApiResponse;

  it('uploads a dispute document with its JSON input part', async () => {
    const order = await send({
      method: 'POST',
      path: '/v2/checkout/orders',
      headers: { 'Svc-Request-Id': 'files-order-1' },
      body: {
        intent: 'CAPTURE',
        purchase_units: [{ amount: { currency_code: 'USD', value: '20.00' } }],
        payment_source: CARD,
      },
    });
    expect(order.status).toBe(201);
    const captured = await send({
      method: 'POST',
      path: `/v2/checkout/orders/${(order.body as { id: string }).id}/capture`,
      body: {},
    });
    expect(captured.status).toBe(201);
    const captureId = (captured.body as { purchase_units: { payments: { captures: { id: string }[] } }[] })
      .purchase_units[0]?.payments.captures[0]?.id;
    const opened = await send({
      method: 'POST',
      path: '/v1/test-helpers/disputes',
      body: { disputed_transaction_id: captureId },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    const id = (opened.body as { dispute_id: string }).dispute_id;
    const answer = await send({
      method: 'POST',
      path: `/v1/customer/disputes/${id}/provide-evidence`,
      body: { evidences: [{ evidence_type: 'PROOF_OF_FULFILLMENT', notes: 'Signed' }] },
      files: [
        {
          field: 'evidence-file',
          name: 'pod.pdf',
          type: 'application/pdf',
          data_base64: Buffer.from('%PDF-1.4').toString('base64'),
        },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const dispute = await send({ method: 'GET', path: `/v1/customer/disputes/${id}` });
    const documents = (dispute.body as { evidences: { documents: { name: string; url: string }[] }[] })
      .evidences[0]?.documents;
    expect(documents).toEqual([
      { name: 'pod.pdf', url: expect.stringContaining(`/v1/customer/disputes/${id}/documents/`) as string },
    ]);
  });
});
