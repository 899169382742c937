import { describe, expect, it } from 'vitest';
import { ISSUES } from '../../../../shared/api/registry';
import {
  formatMinute,
  honorPeriodEnd,
  reauthorizeAvailability,
  reauthorizeCeiling,
  reauthorizeCeilingHint,
  reauthorizeWindow,
} from './reauthorize-window';
import { checkCapture, checkRefund, checkReauthorize, captureDraft } from './payment-forms';

const created = '2026-11-22T10:00:00Z';
const at = (days: number, extraMs = 0) => Date.parse(created) + days * 86_400_000 + extraMs;

describe('reauthorizeWindow', () => {
  it.each([
    ['just created', 0, 'before', 1],
    ['end of day 3', at(3, -1000) - Date.parse(created), 'before', 3],
    ['first second of day 4', 3 * 86_400_000, 'open', 4],
    ['day 29', 28.5 * 86_400_000, 'open', 29],
    ['last second of day 29', 29 * 86_400_000 - 1000, 'open', 29],
    ['day 30', 29 * 86_400_000, 'after', 30],
  ])('%s', (_name, elapsed, state, day) => {
    const w = reauthorizeWindow(created, Date.parse(created) + elapsed);
    expect(w.state).toBe(state);
    expect(w.day).toBe(day);
  });
  it('says when it opens and that it closed', () => {
    expect(reauthorizeWindow(created, at(1)).message).toBe('Opens on day 4 (2026-11-25 10:00 UTC)');
    expect(reauthorizeWindow(created, at(30)).message).toBe(
      'Closed after day 29: create a new authorization',
    );
    expect(reauthorizeWindow(created, at(4)).message).toBe('Open: day 5 of 29, until 2026-12-21 10:00 UTC');
    expect(reauthorizeWindow(created, '2026-11-25T10:00:00Z').opensAt).toBe('2026-11-25T10:00:00Z');
  });
  it('rejects garbage', () => expect(() => reauthorizeWindow('nope', 0)).toThrow(RangeError));
});

describe('reauthorizeAvailability', () => {
  it('asks the machine about the status', () => {
    // The machine refuses a reauthorization of a partly captured one with REAUTHORIZE_NOT_ALLOWED.
    expect(reauthorizeAvailability('PARTIALLY_CAPTURED', created, at(5))).toMatchObject({
      disabled: true,
      reason: ISSUES.REAUTHORIZE_NOT_ALLOWED.description,
    });
    expect(reauthorizeAvailability('VOIDED', created, at(5)).reason).toBe(
      ISSUES.AUTHORIZATION_VOIDED.description,
    );
    expect(reauthorizeAvailability('EXPIRED', created, at(5)).reason).toBe(
      ISSUES.REAUTHORIZE_TOO_LATE.description,
    );
    expect(reauthorizeAvailability('CREATED', created, at(5)).disabled).toBe(false);
    expect(reauthorizeAvailability('CREATED', created, at(2)).reason).toMatch(/^Opens on day 4/);
    // A closed window is final whatever the status says.
    expect(reauthorizeAvailability('EXPIRED', created, at(29)).reason).toBe(
      'Closed after day 29: create a new authorization',
    );
    expect(reauthorizeAvailability('VOIDED', created, at(31)).reason).toBe(
      'Closed after day 29: create a new authorization',
    );
    expect(reauthorizeAvailability('CREATED', created, at(29)).disabled).toBe(true);
    expect(reauthorizeAvailability('CREATED', created, at(29, -1000)).disabled).toBe(false);
  });
});

describe('ceiling', () => {
  it('115% or +75 USD, whichever is lower', () => {
    expect(reauthorizeCeiling(10000n, 'USD')).toBe(11500n);
    expect(reauthorizeCeiling(100000n, 'USD')).toBe(107500n);
    expect(reauthorizeCeiling(100000n, 'EUR')).toBe(115000n);
    expect(reauthorizeCeiling(1000n, 'JPY')).toBe(1150n);
    expect(reauthorizeCeilingHint(10000n, 'USD')).toBe(
      '115.00 USD (115% of the original 100.00, and at most 75.00 USD more)',
    );
    expect(reauthorizeCeilingHint(10000n, 'EUR')).toBe('115.00 EUR (115% of the original 100.00)');
  });
  it('honor period restarts on reauthorize', () => {
    expect(honorPeriodEnd(created, [])).toBe('2026-11-25T10:00:00Z');
    expect(honorPeriodEnd(created, [{ trigger: 'reauthorize', at: '2026-11-27T00:00:00Z' }])).toBe(
      '2026-11-30T00:00:00Z',
    );
    expect(formatMinute('2026-11-25T10:00:59Z')).toBe('2026-11-25 10:00 UTC');
  });
});

describe('forms', () => {
  it('capture: never above what remains, limits from the schema', () => {
    const draft = captureDraft(10000n, 'USD');
    expect(draft.amount).toBe('100.00');
    expect(checkCapture(draft, 'USD', 10000n).body).toEqual({
      amount: { currency_code: 'USD', value: '100.00' },
      final_capture: false,
    });
    expect(checkCapture({ ...draft, amount: '100.01' }, 'USD', 10000n).errors.amount).toBe(
      'Never above what remains: at most 100.00 USD.',
    );
    expect(checkCapture({ ...draft, amount: '1.001' }, 'USD', 10000n).errors.amount).toMatch(/decimal place/);
    expect(checkCapture({ ...draft, amount: '0' }, 'USD', 10000n).errors.amount).toMatch(/more than zero/);
    expect(checkCapture({ ...draft, amount: 'abc' }, 'USD', 10000n).errors.amount).toMatch(/decimal amount/);
    expect(checkCapture({ ...draft, soft_descriptor: 'x'.repeat(23) }, 'USD', 10000n).errors).toEqual({
      soft_descriptor: 'At most 22 characters.',
    });
    expect(
      checkCapture({ ...draft, invoice_id: 'x'.repeat(128), note_to_payer: 'y'.repeat(256) }, 'USD', 10000n)
        .errors,
    ).toEqual({ invoice_id: 'At most 127 characters.', note_to_payer: 'At most 255 characters.' });
    expect(
      checkCapture({ ...draft, soft_descriptor: 'x'.repeat(22), final_capture: true }, 'USD', 10000n).body
        ?.soft_descriptor,
    ).toBe('x'.repeat(22));
  });
  it('refund and reauthorize', () => {
    expect(checkRefund({ amount: '5', invoice_id: '', note_to_payer: 'sorry' }, 'USD', 500n).body).toEqual({
      amount: { currency_code: 'USD', value: '5' },
      note_to_payer: 'sorry',
    });
    expect(
      checkRefund({ amount: '5.01', invoice_id: '', note_to_payer: '' }, 'USD', 500n).errors.amount,
    ).toMatch(/at most 5.00 USD/);
    expect(checkReauthorize('115.01', 'USD', 11500n).errors.amount).toMatch(/allowance: at most 115.00 USD/);
    expect(checkReauthorize('115', 'USD', 11500n).body).toEqual({
      amount: { currency_code: 'USD', value: '115' },
    });
  });
});
