import { describe, expect, it } from 'vitest';
import { clockMoveRequest, toLocalInput } from './clock-move';

const NOW = '2026-11-23T15:00:00Z';

describe('clockMoveRequest', () => {
  it('moves by days, in whole seconds', () => {
    expect(clockMoveRequest({ mode: 'by', days: '2' }, NOW)).toEqual({
      request: { advance_seconds: 172_800 },
    });
    expect(clockMoveRequest({ mode: 'by', days: '0.5' }, NOW)).toEqual({
      request: { advance_seconds: 43_200 },
    });
  });

  it('refuses negative, zero, empty and non-numeric days with a message', () => {
    for (const days of ['-1', '0', '', 'abc']) {
      const result = clockMoveRequest({ mode: 'by', days }, NOW);
      expect(result, days).toHaveProperty('error');
    }
    expect(clockMoveRequest({ mode: 'by', days: '-3' }, NOW)).toEqual({
      error: 'The clock only moves forward: enter a number of days above 0.',
    });
  });

  it('refuses more than ten years', () => {
    expect(clockMoveRequest({ mode: 'by', days: '3651' }, NOW)).toHaveProperty('error');
  });

  it('goes to a date and time, read as UTC', () => {
    expect(clockMoveRequest({ mode: 'to', at: '2027-01-01T09:30' }, NOW)).toEqual({
      request: { to: '2027-01-01T09:30:00Z' },
    });
  });

  it('refuses a moment not after now, naming the clock', () => {
    expect(clockMoveRequest({ mode: 'to', at: '2026-11-01T00:00' }, NOW)).toEqual({
      error: 'The clock is at 2026-11-23 15:00 UTC and only moves forward.',
    });
    expect(clockMoveRequest({ mode: 'to', at: '' }, NOW)).toEqual({ error: 'Choose a date and a time.' });
  });

  it('starts the date input at the simulated now', () => {
    expect(toLocalInput(NOW)).toBe('2026-11-23T15:00');
  });
});
