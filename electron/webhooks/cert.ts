import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import type { MetaRepository } from '../store/repositories/meta-repo.js';
import {
  bitString,
  boolean,
  explicit,
  nullValue,
  objectIdentifier,
  octetString,
  printableString,
  sequence,
  set,
  smallInteger,
  time,
  unsignedInteger,
  utf8String,
} from './der.js';

const KEY_META = 'webhooks.signing_key';
const CERT_META = 'webhooks.signing_cert';
const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';
const VALIDITY_YEARS = 20;

/** The subject (and issuer: it is self-signed) of the signing certificate. */
export const CERT_SUBJECT = [
  ['2.5.4.6', 'US', 'printable'],
  ['2.5.4.10', 'Payments Workbench Sandbox', 'utf8'],
  ['2.5.4.11', 'Webhooks', 'utf8'],
  ['2.5.4.3', 'messageverificationcerts.sandbox.svc.example', 'utf8'],
] as const;

/** What signs deliveries and what the cert URL serves. */
export interface SigningIdentity {
  /** `CERT-` and the start of the SHA-256 fingerprint: the last segment of the cert URL. */
  certId: string;
  certPem: string;
  /** PKCS#8 PEM of the private key (the signing thread loads it from this). */
  keyPem: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** SHA-256 fingerprint as X509Certificate prints it (`AB:CD:...`). */
  fingerprint256: string;
}

function name(): Buffer {
  return sequence(
    ...CERT_SUBJECT.map(([oid, value, kind]) =>
      set(sequence(objectIdentifier(oid), kind === 'printable' ? printableString(value) : utf8String(value))),
    ),
  );
}

const pem = (label: string, der: Buffer): string =>
  `-----BEGIN ${label}-----\n${der.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '')}\n-----END ${label}-----\n`;

/**
 * A self-signed X.509 v3 certificate for an RSA key, SHA256withRSA: built as DER by hand (see der.ts),
 * signed with the key itself. Extensions: not a CA, key usage digitalSignature, a subject key id.
 */
export function selfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject, now: Date): string {
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const algorithm = sequence(objectIdentifier(SHA256_WITH_RSA), nullValue());
  const notBefore = new Date(now.getTime() - 24 * 3600 * 1000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALIDITY_YEARS);
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 0) & 0x7f;
  const keyId = createHash('sha1').update(spki).digest();
  const extensions = sequence(
    sequence(objectIdentifier('2.5.29.19'), boolean(true), octetString(sequence())),
    sequence(objectIdentifier('2.5.29.15'), boolean(true), octetString(bitString(Buffer.from([0x80]), 7))),
    sequence(objectIdentifier('2.5.29.14'), octetString(octetString(keyId))),
  );
  const tbs = sequence(
    explicit(0, smallInteger(2)),
    unsignedInteger(serial),
    algorithm,
    name(),
    sequence(time(notBefore), time(notAfter)),
    name(),
    spki,
    explicit(3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey);
  return pem('CERTIFICATE', sequence(tbs, algorithm, bitString(signature)));
}

export function certIdOf(certificate: X509Certificate): string {
  const hex = certificate.fingerprint256.replaceAll(':', '').toLowerCase();
  return `CERT-${hex.slice(0, 8)}-${hex.slice(8, 16)}-${hex.slice(16, 24)}`;
}

/**
 * The signing key and certificate of a workspace: made once (on first use) and kept in the database, so
 * receivers that cached the certificate keep verifying across restarts.
 */
export class CertificateStore {
  private cached: SigningIdentity | undefined;

  constructor(
    private readonly meta: MetaRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  identity(): SigningIdentity {
    if (this.cached) return this.cached;
    let keyPem = this.meta.get(KEY_META);
    let certPem = this.meta.get(CERT_META);
    if (!keyPem || !certPem) {
      const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
      keyPem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      certPem = selfSignedCertificate(pair.privateKey, pair.publicKey, this.now());
      const [key, cert] = [keyPem, certPem];
      this.meta.store.transaction(() => {
        this.meta.set(KEY_META, key);
        this.meta.set(CERT_META, cert);
      });
    }
    const privateKey = createPrivateKey(keyPem);
    const certificate = new X509Certificate(certPem);
    this.cached = {
      certId: certIdOf(certificate),
      certPem,
      keyPem,
      privateKey,
      publicKey: createPublicKey(privateKey),
      fingerprint256: certificate.fingerprint256,
    };
    return this.cached;
  }
}
