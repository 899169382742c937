import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../shared/bridge.js';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../test-support/api-harness.js';
import { CARD } from '../test-support/fixtures.js';
import { createHost, type Host } from './create-host.js';
import { MemoryVault } from './vault.js';
import { WorkbenchService } from './workbench-service.js';

/** A PDF with bytes that are not UTF-8: a text answer would not carry them intact. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from([0xe2, 0x80, 0xff, 0x00, 0xc3]),
  Buffer.from('\n%%EOF\n'),
]);

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

  it('uploads a dispute document with its JSON input part, and downloads it from its url', async () => {
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
          data_base64: PDF.toString('base64'),
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

    // The document's url answers its bytes; they cross the bridge as base64, intact.
    const download = await send({
      method: 'GET',
      path: new URL(documents?.[0]?.url ?? '').pathname,
      headers: { accept: '*/*' },
    });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(Buffer.from(download.body_base64 ?? '', 'base64').equals(PDF)).toBe(true);
  });
});
