import {
  authorizationMachine,
  captureMachine,
  type AuthorizationStatus,
  type CaptureStatus,
} from '../../../../shared/api/payments-v2';
import { isTerminal } from '../../../../shared/machines/machine';
import {
  AVAILABLE,
  issueDescription,
  machineAvailability,
  unavailable,
  type Availability,
} from '../../api/machine-actions';
import { formatMinute, reauthorizeAvailability, type ReauthorizeWindow } from './reauthorize-window';

/**
 * Which actions a payment page offers and why the others are disabled. Pure. The status rules are the
 * resource's machine (`machineAvailability`, with the issue the API would refuse the call with); what
 * is left here is what the machine cannot know: amounts already moved, and time on the simulated clock.
 */

/** An authorization that can still move money (not captured, voided or expired). */
export const isOpenAuthorization = (status: AuthorizationStatus): boolean =>
  !isTerminal(authorizationMachine, status);

/** The machine lets this authorization be reauthorized (its window aside). */
export const mayReauthorize = (status: AuthorizationStatus): boolean =>
  !machineAvailability(authorizationMachine, status, 'reauthorize').disabled;

export interface AuthorizationFacts {
  status: AuthorizationStatus;
  /** What can still be captured, in minor units. */
  remainingMinor: bigint;
  createTime: string;
  expirationTime: string | undefined;
  /** Simulated now (epoch ms); undefined until the host clock was read. */
  now: number | undefined;
  /** The amount the reauthorize allowance is based on is known… */
  originalKnown: boolean;
  /** …or still being read. */
  originalLoading: boolean;
}

export interface AuthorizationActions {
  capture: Availability;
  void: Availability;
  reauthorize: Availability;
  /** Where the simulated clock is in the reauthorize window (undefined until it was read). */
  window: ReauthorizeWindow | undefined;
}

export function authorizationActions(facts: AuthorizationFacts): AuthorizationActions {
  const { status, now, expirationTime } = facts;
  const expiredOnClock =
    now !== undefined && expirationTime !== undefined && now >= Date.parse(expirationTime);

  let capture = machineAvailability(authorizationMachine, status, 'capture');
  if (!capture.disabled && expiredOnClock)
    capture = unavailable(`Expired at ${formatMinute(expirationTime ?? '')}`);
  else if (!capture.disabled && facts.remainingMinor <= 0n)
    capture = unavailable(issueDescription('AUTHORIZATION_ALREADY_CAPTURED'));

  const reauth = now === undefined ? undefined : reauthorizeAvailability(status, facts.createTime, now);
  const reauthorize: Availability = !reauth
    ? unavailable('Reading the simulated clock…')
    : reauth.disabled
      ? unavailable(reauth.reason ?? 'Not available')
      : !facts.originalKnown
        ? unavailable(
            facts.originalLoading ? 'Reading the original amount…' : 'The original amount is unknown',
          )
        : AVAILABLE;

  return {
    capture,
    void: machineAvailability(authorizationMachine, status, 'void'),
    reauthorize,
    window: reauth?.window,
  };
}

/** A capture's Refund action: the machine's word on its status, then what is left to refund. */
export function captureRefundAvailability(status: CaptureStatus, remainingMinor: bigint): Availability {
  const refund = machineAvailability(captureMachine, status, 'refund');
  if (refund.disabled || remainingMinor > 0n) return refund;
  return unavailable(issueDescription('CAPTURE_FULLY_REFUNDED'));
}
