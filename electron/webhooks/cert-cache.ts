import { X509Certificate } from 'node:crypto';

const MAX_CERT_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 5_000;

export interface FetchedCertificate {
  url: string;
  certificate: X509Certificate;
  fetchedAt: string;
}

/**
 * Certificates fetched from `svc-cert-url`, cached by URL (spec 6.6: "Cache the certificate"). A fetch
 * that fails is not cached, so the next delivery tries again.
 */
export class CertificateCache {
  private readonly cache = new Map<string, Promise<FetchedCertificate>>();

  constructor(private readonly fetchImpl: typeof fetch = fetch) {}

  /** The certificate at `url`, and whether it came from the cache. */
  async get(url: string): Promise<{ cert: FetchedCertificate; cached: boolean }> {
    const hit = this.cache.get(url);
    if (hit) return { cert: await hit, cached: true };
    const pending = this.fetchCertificate(url);
    this.cache.set(url, pending);
    try {
      return { cert: await pending, cached: false };
    } catch (error) {
      this.cache.delete(url);
      throw error;
    }
  }

  clear(): void {
    this.cache.clear();
  }

  private async fetchCertificate(url: string): Promise<FetchedCertificate> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error('svc-cert-url is not a URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new Error('svc-cert-url must be an http(s) URL');
    const response = await this.fetchImpl(parsed, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`the certificate URL answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_CERT_BYTES) throw new Error('the certificate is larger than 64 KiB');
    return { url, certificate: new X509Certificate(bytes), fetchedAt: new Date().toISOString() };
  }
}
