import {
  AUTH_ALGO,
  MOCK_WEBHOOK_ID,
  WEBHOOK_ID_PATTERN,
  type VerifySignatureRequest,
} from '../../../../shared/api/webhooks/schemas.js';
import { rawMember } from '../../../webhooks/raw-json.js';
import { signedString, verifyTransmission } from '../../../webhooks/signing.js';
import { CERTS_PATH, type Webhooks } from '../../../webhooks/webhooks.js';
import {
  type ApiError,
  detail,
  invalidRequest,
  unprocessable,
  bodyDetail,
} from '../../pipeline/api-error.js';
import type { RequestContext } from '../../route.js';
import { ownedWebhook } from './owned-webhook.js';

export type VerificationStatus = 'SUCCESS' | 'FAILURE';

const mockEvent = (field: string, value: string): ApiError =>
  unprocessable(detail('MOCK_EVENT_NOT_VERIFIABLE', { field, value, location: 'body' }));

/**
 * Postback verification (spec 6.7): the same check a receiver makes (spec 6.6), made by the service.
 * The CRC32 is taken over the bytes of `webhook_event` exactly as they appear in this request's body,
 * never over a re-serialized parse, so only the event as received verifies.
 */
export class WebhookVerifyService {
  constructor(private readonly webhooks: Webhooks) {}

  verify(
    request: VerifySignatureRequest,
    rawBody: string | undefined,
    ctx: RequestContext,
  ): VerificationStatus {
    if (request.webhook_id === MOCK_WEBHOOK_ID) throw mockEvent('/webhook_id', request.webhook_id);
    const eventId = typeof request.webhook_event.id === 'string' ? request.webhook_event.id : undefined;
    if (eventId && this.webhooks.events.get(eventId)?.app_id === null)
      throw mockEvent('/webhook_event/id', eventId);
    if (!WEBHOOK_ID_PATTERN.test(request.webhook_id)) {
      throw invalidRequest(
        bodyDetail(
          '/webhook_id',
          'INVALID_PARAMETER_SYNTAX',
          'Expected 1 to 50 letters and digits.',
          request.webhook_id,
        ),
      );
    }
    ownedWebhook(this.webhooks, request.webhook_id, ctx.app.id, '/webhook_id');
    const eventBytes = rawBody === undefined ? undefined : rawMember(rawBody, 'webhook_event');
    if (
      eventBytes === undefined ||
      request.auth_algo !== AUTH_ALGO ||
      !this.isOurCertificate(request.cert_url)
    )
      return 'FAILURE';
    const identity = this.webhooks.certificates.identity();
    const message = signedString(
      request.transmission_id,
      request.transmission_time,
      request.webhook_id,
      Buffer.from(eventBytes, 'utf8'),
    );
    return verifyTransmission(identity.publicKey, message, request.transmission_sig) ? 'SUCCESS' : 'FAILURE';
  }

  /** The service only vouches for its own certificate (whatever host name the caller reached it by). */
  private isOurCertificate(certUrl: string): boolean {
    try {
      const url = new URL(certUrl);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.pathname === `${CERTS_PATH}/${this.webhooks.certificates.identity().certId}`
      );
    } catch {
      return false;
    }
  }
}
