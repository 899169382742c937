/**
 * The sandbox's local webhook listener: how it answers, and each message it received with the
 * verification of spec 6.6 as it performed it.
 */

export interface ListenerSettings {
  status: number;
  delay_ms: number;
  webhook_id: string | null;
}

/** A change of the listener's settings; what is left out stays as it is. */
export interface ListenerSettingsInput {
  status?: number | undefined;
  delay_ms?: number | undefined;
  /** `null` goes back to verifying with the matching subscription's id. */
  webhook_id?: string | null | undefined;
}

export interface ListenerState extends ListenerSettings {
  running: boolean;
  url: string | null;
  received: number;
}

export type VerificationVerdict = 'PENDING' | 'SUCCESS' | 'FAILURE';

/** One step of spec 6.6 as the listener performed it. */
export interface VerificationStep {
  step: 'headers' | 'crc32' | 'webhook_id' | 'signed_string' | 'certificate' | 'signature';
  ok: boolean;
  label: string;
  value?: string;
  detail?: string;
}

export interface ListenerMessageSummary {
  id: string;
  received_at: string;
  method: string;
  path: string;
  event_id: string | null;
  event_type: string | null;
  size: number;
  answered_status: number;
  verdict: VerificationVerdict;
  /** Signed with the simulator's mock webhook id: a mock event, not one the sandbox's API emitted. */
  mock: boolean;
}

export interface ListenerMessage extends ListenerMessageSummary {
  /** Header name/value pairs in the order and case they arrived. */
  headers: [string, string][];
  /** The body as UTF-8 text, and byte for byte in Base64. */
  raw_body: string;
  raw_body_base64: string;
  /** The parsed body, when it is JSON. */
  json: unknown;
  verification: {
    verdict: VerificationVerdict;
    webhook_id: string | null;
    webhook_id_source: 'configured' | 'subscription' | 'mock' | null;
    certificate_fingerprint: string | null;
    steps: VerificationStep[];
  };
}
