import { AUTH_ALGO } from '../../shared/webhooks/delivery.js';
import type { ListenerMessage, VerificationStep } from '../../shared/webhooks/listener.js';
import type { CertificateCache } from './cert-cache.js';
import { crc32Decimal, HEADERS, verifyTransmission } from './signing.js';

export type Verification = ListenerMessage['verification'];

/** A webhook id the listener may verify with, and where it came from. */
export interface WebhookIdCandidate {
  id: string;
  source: 'configured' | 'subscription' | 'mock';
  /** Why this id (shown in the step). */
  note: string;
}

const header = (headers: Record<string, string | undefined>, name: string): string | undefined => {
  const value = headers[name];
  return value === undefined || value === '' ? undefined : value;
};

/**
 * Spec 6.6, step by step, as a receiver does it: CRC32 of the raw bytes, the signed string with the
 * webhook id from the subscription (never from the message), the certificate from `svc-cert-url`
 * (cached), and the SHA256withRSA signature. Every step is kept so the workbench can show it.
 */
export async function verifyReceived(
  headers: Record<string, string | undefined>,
  body: Buffer,
  candidates: readonly WebhookIdCandidate[],
  certificates: CertificateCache,
): Promise<Verification> {
  const steps: VerificationStep[] = [];
  const result: Verification = {
    verdict: 'FAILURE',
    webhook_id: null,
    webhook_id_source: null,
    certificate_fingerprint: null,
    steps,
  };

  const names = Object.values(HEADERS);
  const missing = names.filter((name) => header(headers, name) === undefined);
  const algo = header(headers, HEADERS.authAlgo);
  const headersOk = missing.length === 0 && algo === AUTH_ALGO;
  steps.push({
    step: 'headers',
    ok: headersOk,
    label: 'Transmission headers',
    detail:
      missing.length > 0
        ? `missing: ${missing.join(', ')}`
        : algo !== AUTH_ALGO
          ? `${HEADERS.authAlgo} is ${algo ?? ''}; only ${AUTH_ALGO} is used`
          : `all ${names.length} present; ${HEADERS.authAlgo} ${AUTH_ALGO}`,
  });

  const crc = crc32Decimal(body);
  steps.push({
    step: 'crc32',
    ok: true,
    label: 'CRC32 of the raw body',
    value: crc,
    detail: `over the ${body.length} bytes as received`,
  });
  if (!headersOk) return result;

  const transmissionId = header(headers, HEADERS.transmissionId) ?? '';
  const transmissionTime = header(headers, HEADERS.transmissionTime) ?? '';
  const signature = header(headers, HEADERS.transmissionSig) ?? '';
  const certUrl = header(headers, HEADERS.certUrl) ?? '';

  let publicKey;
  try {
    const { cert, cached } = await certificates.get(certUrl);
    const now = Date.now();
    const current =
      Date.parse(cert.certificate.validFrom) <= now && now <= Date.parse(cert.certificate.validTo);
    publicKey = cert.certificate.publicKey;
    result.certificate_fingerprint = cert.certificate.fingerprint256;
    steps.push({
      step: 'certificate',
      ok: current,
      label: 'Certificate from svc-cert-url',
      value: cert.certificate.fingerprint256,
      detail: `${cached ? 'from the cache' : 'fetched'}: ${certUrl}; ${cert.certificate.subject.replaceAll('\n', ', ')}; valid ${cert.certificate.validFrom} to ${cert.certificate.validTo}${current ? '' : ' (NOT valid now)'}`,
    });
    if (!current) return result;
  } catch (error) {
    steps.push({
      step: 'certificate',
      ok: false,
      label: 'Certificate from svc-cert-url',
      detail: `${certUrl}: ${(error as Error).message}`,
    });
    return result;
  }

  if (candidates.length === 0) {
    steps.push({
      step: 'webhook_id',
      ok: false,
      label: 'Webhook id',
      detail: 'No subscription points at this URL and no webhook id is configured on the listener.',
    });
    return result;
  }
  // The first candidate that verifies wins; otherwise the steps show the first one tried.
  const tried = candidates.map((candidate) => {
    const message = `${transmissionId}|${transmissionTime}|${candidate.id}|${crc}`;
    return { candidate, message, valid: verifyTransmission(publicKey, message, signature) };
  });
  const chosen = tried.find((t) => t.valid) ?? tried[0];
  if (!chosen) return result;
  const others = tried.filter((t) => t !== chosen).map((t) => t.candidate.id);
  steps.push({
    step: 'webhook_id',
    ok: chosen.valid,
    label: 'Webhook id',
    value: chosen.candidate.id,
    detail: `${chosen.candidate.note}${others.length > 0 ? `; also tried ${others.join(', ')}` : ''}`,
  });
  steps.push({
    step: 'signed_string',
    ok: true,
    label: 'Signed string',
    value: chosen.message,
    detail: '<transmission_id>|<transmission_time>|<webhook_id>|<crc32>',
  });
  steps.push({
    step: 'signature',
    ok: chosen.valid,
    label: `${AUTH_ALGO} signature`,
    value: signature.length > 44 ? `${signature.slice(0, 44)}…` : signature,
    detail: chosen.valid
      ? "matches the signed string under the certificate's public key"
      : 'does NOT match: the body, a header or the webhook id differs from what was signed',
  });
  result.webhook_id = chosen.candidate.id;
  result.webhook_id_source = chosen.candidate.source;
  result.verdict = chosen.valid ? 'SUCCESS' : 'FAILURE';
  return result;
}
