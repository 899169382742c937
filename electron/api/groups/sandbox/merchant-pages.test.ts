import { afterEach, describe, expect, it } from 'vitest';
import { MERCHANT_CANCEL_PATH, MERCHANT_RETURN_PATH } from '../../../../shared/api/sandbox/merchant-pages.js';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';

describe("the sandbox's merchant return and cancel pages", () => {
  let api: ApiHarness | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('a browser without a token lands on the return page and sees what the platform handed back, escaped', async () => {
    api = await startHarness();
    const reply = await api.request(
      'GET',
      `${MERCHANT_RETURN_PATH}?subscription_id=I-ABC123&ba_token=BA-1&note=%3Cscript%3Ealert(1)%3C%2Fscript%3E`,
      { token: null, headers: { accept: 'text/html' } },
    );
    expect(reply.status).toBe(200);
    expect(String(reply.headers['content-type'])).toContain('text/html');
    // No script at all: default-src 'none' and no script-src.
    expect(String(reply.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(String(reply.headers['content-security-policy'])).not.toContain('script-src');
    expect(reply.text).toContain('Back at the merchant');
    expect(reply.text).toContain('<code data-param="subscription_id">I-ABC123</code>');
    expect(reply.text).toContain('<code data-param="ba_token">BA-1</code>');
    expect(reply.text).not.toContain('<script>');
    expect(reply.text).toContain('&lt;script&gt;');
  });

  it('the cancel page says nothing was approved', async () => {
    api = await startHarness();
    const reply = await api.request('GET', `${MERCHANT_CANCEL_PATH}?token=EC-1`, { token: null });
    expect(reply.status).toBe(200);
    expect(reply.text).toContain('Cancelled at the merchant');
    expect(reply.text).toContain('Nothing was approved');
    expect(reply.text).toContain('<code data-param="token">EC-1</code>');
  });
});
