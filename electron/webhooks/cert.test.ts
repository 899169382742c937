import { generateKeyPairSync, sign, verify, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../store/store.js';
import { FIXED_NOW } from '../test-support/fixtures.js';
import { CERT_SUBJECT, CertificateStore, selfSignedCertificate } from './cert.js';
import { objectIdentifier, time, unsignedInteger } from './der.js';

describe('DER writer', () => {
  it('encodes object identifiers, positive integers and times as X.690 says', () => {
    expect(objectIdentifier('1.2.840.113549.1.1.11').toString('hex')).toBe('06092a864886f70d01010b');
    expect(objectIdentifier('2.5.29.19').toString('hex')).toBe('0603551d13');
    expect(unsignedInteger(Buffer.from([0x80])).toString('hex')).toBe('02020080');
    expect(unsignedInteger(Buffer.from([0x00, 0x00, 0x7f])).toString('hex')).toBe('02017f');
    expect(time(new Date('2030-01-02T03:04:05Z')).toString('latin1')).toBe('\x17\x0d300102030405Z');
    expect(time(new Date('2051-01-02T03:04:05Z')).toString('latin1')).toBe('\x18\x0f20510102030405Z');
  });
});

describe('self-signed signing certificate', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is a valid X.509 v3 certificate that Node parses, signed by its own key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const now = new Date(FIXED_NOW);
    const certificate = new X509Certificate(selfSignedCertificate(privateKey, publicKey, now));
    expect(certificate.verify(publicKey)).toBe(true);
    expect(certificate.checkPrivateKey(privateKey)).toBe(true);
    expect(certificate.ca).toBe(false);
    expect(certificate.subject).toBe(
      CERT_SUBJECT.map(([, value], i) => `${['C', 'O', 'OU', 'CN'][i]}=${value}`).join('\n'),
    );
    expect(certificate.issuer).toBe(certificate.subject);
    expect(Date.parse(certificate.validFrom)).toBeLessThan(now.getTime());
    expect(Date.parse(certificate.validTo)).toBeGreaterThan(now.getTime() + 19 * 365 * 24 * 3600 * 1000);
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    // What a receiver does with it: verify an RSA-SHA256 signature by the matching key.
    const signature = sign('sha256', Buffer.from('message'), privateKey);
    expect(verify('sha256', Buffer.from('message'), certificate.publicKey, signature)).toBe(true);
  });

  it('is made once per data dir and survives a restart unchanged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'workbench-cert-'));
    dirs.push(dir);
    const first = new Store({ kind: 'dir', dir });
    const identity = new CertificateStore(first.meta).identity();
    expect(identity.certId).toMatch(/^CERT-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}$/);
    first.close();
    const second = new Store({ kind: 'dir', dir });
    const again = new CertificateStore(second.meta).identity();
    expect(again.certId).toBe(identity.certId);
    expect(again.certPem).toBe(identity.certPem);
    expect(again.fingerprint256).toBe(identity.fingerprint256);
    second.close();
  });
});
