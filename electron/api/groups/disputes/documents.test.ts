import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hostsPerTest } from '../../../test-support/harness-per-test.js';
import type { PaymentsHarness } from '../payments-v2/payments-test-kit.js';
import {
  act,
  capturedOrder,
  DISPUTES,
  getDispute,
  multipart,
  openDispute,
  startDisputesHarness,
  type Json,
} from './disputes-test-kit.js';
import { DOCUMENT_RULES } from './documents.js';

const hosts = hostsPerTest(startDisputesHarness);

const MB = 1024 * 1024;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]);

type File = { field: string; name: string; type: string; data: Buffer };
const file = (name: string, data: Buffer, type = 'application/pdf', field = 'evidence-file'): File => ({
  field,
  name,
  type,
  data,
});

/** Posts an action as multipart/form-data: its JSON `input` and files. */
async function post(harness: PaymentsHarness, id: string, action: string, input: unknown, files: File[]) {
  const { payload, contentType } = multipart(input, files);
  return harness.request('POST', `${DISPUTES}/${id}/${action}`, {
    payload: payload as unknown as string,
    headers: { 'content-type': contentType },
  });
}

/** GET of a document's url with the API's bearer token: the raw bytes and the headers. */
async function download(harness: PaymentsHarness, url: string, token = harness.token) {
  const response = await harness.host.api.app.inject({
    method: 'GET',
    url: new URL(url).pathname,
    headers: { authorization: `Bearer ${token}`, accept: '*/*' },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    bytes: response.rawPayload,
    text: response.body,
  };
}

const storedBytes = (harness: PaymentsHarness): number =>
  Number(
    (
      harness.host.deps.store.db
        .prepare('SELECT COALESCE(SUM(size), 0) AS n FROM dispute_documents')
        .get() as {
        n: number;
      }
    ).n,
  );

async function claim(harness: PaymentsHarness): Promise<string> {
  const { captureId } = await capturedOrder(harness);
  const { dispute_id: id } = await openDispute(harness, captureId);
  await act(harness, id, 'escalate', { note: 'Claim.' });
  return id as string;
}

describe('evidence documents are kept, with a url that downloads them', () => {
  it('gives each document a url; the download answers the bytes uploaded, in their type', async () => {
    const api = await hosts.start();
    const id = await claim(api);
    const reply = await post(
      api,
      id,
      'provide-evidence',
      { evidences: [{ evidence_type: 'PROOF_OF_FULFILLMENT' }] },
      [file('delivery proof.pdf', PDF), file('label.png', PNG, 'image/png')],
    );
    expect(reply.status, reply.text).toBe(200);
    const dispute = await getDispute(api, id);
    const documents = dispute.evidences[0].documents as { name: string; url: string }[];
    expect(documents.map((d) => d.name)).toEqual(['delivery proof.pdf', 'label.png']);
    for (const d of documents)
      expect(d.url).toMatch(
        new RegExp(`^http://localhost(:80)?${DISPUTES}/${id}/documents/DOC-[A-Z0-9]{20}$`),
      );

    const pdf = await download(api, documents[0]!.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="delivery proof.pdf"; filename*=UTF-8''delivery%20proof.pdf`,
    );
    expect(Buffer.compare(pdf.bytes, PDF)).toBe(0);
    const png = await download(api, documents[1]!.url);
    expect(png.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(png.bytes, PNG)).toBe(0);

    // A message's document too, and the same url in the event the webhooks deliver.
    const message = await post(api, id, 'provide-supporting-info', { notes: 'Invoice attached.' }, [
      file('invoice.pdf', PDF, 'application/octet-stream', 'supporting-document'),
    ]);
    expect(message.status, message.text).toBe(200);
    const info = (await getDispute(api, id)).supporting_info[0].documents[0] as { url: string };
    const invoice = await download(api, info.url);
    // Sent as octet-stream, kept as the type its extension names.
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(invoice.bytes, PDF)).toBe(0);
  });

  it('answers 404 in the error format for a document of no dispute of the caller', async () => {
    const api = await hosts.start();
    const id = await claim(api);
    const missing = await api.request('GET', `${DISPUTES}/${id}/documents/DOC-NOSUCHDOCUMENT0000000`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ name: 'RESOURCE_NOT_FOUND' });
    expect(missing.body.details[0]).toMatchObject({ field: 'document_id', location: 'path' });
    // Another dispute's document is not this dispute's.
    const other = await claim(api);
    const reply = await post(api, other, 'provide-evidence', {}, [file('a.pdf', PDF)]);
    expect(reply.status, reply.text).toBe(200);
    const url = new URL((await getDispute(api, other)).evidences[0].documents[0].url as string);
    const crossed = await api.request('GET', url.pathname.replace(other, id));
    expect(crossed.status).toBe(404);
  });

  it('refuses a document over 10 MB, a type the platform does not take, and keeps nothing of the request', async () => {
    const api = await hosts.start();
    const id = await claim(api);
    const big = await post(api, id, 'provide-evidence', {}, [
      file('small.pdf', PDF),
      file('big.pdf', Buffer.alloc(DOCUMENT_RULES.maxFileBytes + 1, 0x25)),
    ]);
    expect(big.status).toBe(422);
    expect(big.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY' });
    expect(big.body.details[0]).toMatchObject({ issue: 'DOCUMENT_TOO_LARGE', field: 'evidence-file' });
    const text = await post(api, id, 'provide-evidence', {}, [file('notes.txt', PDF, 'text/plain')]);
    expect(text.status).toBe(422);
    expect(text.body.details[0]).toMatchObject({ issue: 'DOCUMENT_TYPE_NOT_SUPPORTED' });
    const dispute = await getDispute(api, id);
    expect(dispute.evidences).toBeUndefined();
    expect(dispute.status).toBe('WAITING_FOR_SELLER_RESPONSE');
    expect(storedBytes(api)).toBe(0);
  });

  it('keeps at most 100 documents per dispute', async () => {
    const api = await hosts.start();
    const { captureId } = await capturedOrder(api);
    const { dispute_id: id } = await openDispute(api, captureId);
    const tiny = (n: number) => file(`page-${n}.png`, PNG, 'image/png', 'message_document');
    for (let round = 0; round < 10; round++) {
      const reply = await post(
        api,
        id,
        'send-message',
        { message: `Pages ${round}` },
        Array.from({ length: 10 }, (_, i) => tiny(round * 10 + i)),
      );
      expect(reply.status, reply.text).toBe(200);
    }
    const over = await post(api, id, 'send-message', { message: 'One more' }, [tiny(100)]);
    expect(over.status).toBe(422);
    expect(over.body.details[0]).toMatchObject({ issue: 'DISPUTE_DOCUMENTS_LIMIT_EXCEEDED' });
    const messages = (await getDispute(api, id)).messages as Json[];
    expect(messages).toHaveLength(10);
    // A message with no document is still taken.
    const plain = await post(api, id, 'send-message', { message: 'No file' }, []);
    expect(plain.status, plain.text).toBe(200);
  });

  it('keeps at most 100 MB of documents per dispute', async () => {
    const api = await hosts.start();
    const { captureId } = await capturedOrder(api);
    const { dispute_id: id } = await openDispute(api, captureId);
    const tenMb = Buffer.alloc(10 * MB, 0x25);
    for (let round = 0; round < 2; round++) {
      const reply = await post(
        api,
        id,
        'send-message',
        { message: `Scans ${round}` },
        Array.from({ length: 5 }, (_, i) =>
          file(`scan-${round}-${i}.pdf`, tenMb, 'application/pdf', 'message_document'),
        ),
      );
      expect(reply.status, reply.text).toBe(200);
    }
    expect(storedBytes(api)).toBe(100 * MB);
    const over = await post(api, id, 'send-message', { message: 'One byte more' }, [
      file('one.pdf', Buffer.from('%'), 'application/pdf', 'message_document'),
    ]);
    expect(over.status).toBe(422);
    expect(over.body.details[0]).toMatchObject({ issue: 'DISPUTE_DOCUMENTS_LIMIT_EXCEEDED' });
    expect(storedBytes(api)).toBe(100 * MB);
  }, 120_000);

  it('keeps the documents across a restart', async () => {
    const dataDir = hosts.workspace('dispute-documents-');
    let api = await hosts.start({ dataDir });
    const id = await claim(api);
    const reply = await post(api, id, 'provide-evidence', {}, [file('proof.pdf', PDF)]);
    expect(reply.status, reply.text).toBe(200);
    const url = (await getDispute(api, id)).evidences[0].documents[0].url as string;
    await api.close();

    api = await hosts.start({ dataDir });
    const again = await download(api, url);
    expect(again.status).toBe(200);
    expect(Buffer.compare(again.bytes, PDF)).toBe(0);
  });

  it('goes with the sandbox reset', async () => {
    const api = await hosts.start();
    const id = await claim(api);
    const reply = await post(api, id, 'provide-evidence', {}, [file('proof.pdf', PDF)]);
    expect(reply.status, reply.text).toBe(200);
    expect(storedBytes(api)).toBe(PDF.length);
    const reset = await api.request('POST', '/v1/test-helpers/reset', { body: {} });
    expect(reset.status, reset.text).toBeLessThan(300);
    expect(storedBytes(api)).toBe(0);
  });
});
