import { sign, verify, type KeyObject } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** The transmission headers of a delivery (spec 6.5), lower-case as they go on the wire. */
export const HEADERS = {
  transmissionId: 'svc-transmission-id',
  transmissionTime: 'svc-transmission-time',
  certUrl: 'svc-cert-url',
  authAlgo: 'svc-auth-algo',
  transmissionSig: 'svc-transmission-sig',
} as const;

/** CRC32 of the exact bytes, as the unsigned decimal the signed string carries. */
export function crc32Decimal(bytes: Uint8Array | string): string {
  return String(crc32(bytes) >>> 0);
}

/** `<transmission_id>|<transmission_time>|<webhook_id>|<crc32>` (spec 6.6). */
export function signedString(
  transmissionId: string,
  transmissionTime: string,
  webhookId: string,
  body: Uint8Array | string,
): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32Decimal(body)}`;
}

/** Base64 RSA-SHA256 signature (SHA256withRSA, PKCS#1 v1.5) of the signed string. */
export function signTransmission(privateKey: KeyObject, message: string): string {
  return sign('sha256', Buffer.from(message, 'utf8'), privateKey).toString('base64');
}

/** Verifies a Base64 SHA256withRSA signature; malformed input is simply a failed verification. */
export function verifyTransmission(publicKey: KeyObject, message: string, signatureBase64: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signatureBase64)) return false;
  try {
    return verify('sha256', Buffer.from(message, 'utf8'), publicKey, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}
