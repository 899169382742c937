import { describe, expect, it } from 'vitest';
import { ISSUES } from '../../../../shared/api/registry';
import {
  authorizationActions,
  captureRefundAvailability,
  isOpenAuthorization,
  mayReauthorize,
  type AuthorizationFacts,
} from './payment-availability';

const created = '2026-11-22T10:00:00Z';
const day = (n: number) => Date.parse(created) + n * 86_400_000;
const facts = (patch: Partial<AuthorizationFacts>): AuthorizationFacts => ({
  status: 'CREATED',
  remainingMinor: 10_000n,
  createTime: created,
  expirationTime: '2026-12-21T10:00:00Z',
  now: day(5),
  originalKnown: true,
  originalLoading: false,
  ...patch,
});

describe('authorization actions', () => {
  it('an open authorization can be captured, voided and (day 4..29) reauthorized', () => {
    const actions = authorizationActions(facts({}));
    expect(actions.capture).toEqual({ disabled: false });
    expect(actions.void).toEqual({ disabled: false });
    expect(actions.reauthorize).toEqual({ disabled: false });
    expect(actions.window?.state).toBe('open');
  });

  it.each([
    ['CAPTURED', 'AUTHORIZATION_ALREADY_CAPTURED', 'CANNOT_BE_VOIDED'],
    ['VOIDED', 'AUTHORIZATION_VOIDED', 'AUTHORIZATION_VOIDED'],
    ['EXPIRED', 'AUTHORIZATION_EXPIRED', 'CANNOT_BE_VOIDED'],
  ] as const)('%s: capture says %s, void says %s', (status, captureIssue, voidIssue) => {
    const actions = authorizationActions(facts({ status, remainingMinor: 0n }));
    expect(actions.capture).toEqual({ disabled: true, reason: ISSUES[captureIssue].description });
    expect(actions.void).toEqual({ disabled: true, reason: ISSUES[voidIssue].description });
    expect(actions.reauthorize.disabled).toBe(true);
  });

  it('what the machine cannot know: amounts and the clock', () => {
    expect(authorizationActions(facts({ remainingMinor: 0n })).capture.reason).toBe(
      ISSUES.AUTHORIZATION_ALREADY_CAPTURED.description,
    );
    expect(authorizationActions(facts({ now: day(30) })).capture.reason).toMatch(/^Expired at 2026-12-21/);
    expect(authorizationActions(facts({ now: day(1) })).reauthorize.reason).toMatch(/^Opens on day 4/);
    expect(authorizationActions(facts({ now: undefined })).reauthorize.reason).toBe(
      'Reading the simulated clock…',
    );
    expect(
      authorizationActions(facts({ originalKnown: false, originalLoading: true })).reauthorize.reason,
    ).toBe('Reading the original amount…');
  });

  it('a partly captured authorization stays open but cannot be reauthorized', () => {
    expect(isOpenAuthorization('PARTIALLY_CAPTURED')).toBe(true);
    expect(isOpenAuthorization('VOIDED')).toBe(false);
    expect(mayReauthorize('PARTIALLY_CAPTURED')).toBe(false);
    expect(mayReauthorize('CREATED')).toBe(true);
    expect(authorizationActions(facts({ status: 'PARTIALLY_CAPTURED' })).reauthorize.reason).toBe(
      ISSUES.REAUTHORIZE_NOT_ALLOWED.description,
    );
  });
});

describe('capture refund', () => {
  it('from the capture machine, then what is left', () => {
    expect(captureRefundAvailability('COMPLETED', 500n)).toEqual({ disabled: false });
    expect(captureRefundAvailability('REFUNDED', 0n)).toEqual({
      disabled: true,
      reason: ISSUES.CAPTURE_FULLY_REFUNDED.description,
    });
    expect(captureRefundAvailability('PARTIALLY_REFUNDED', 0n).disabled).toBe(true);
  });
});
