import { describe, expect, it } from 'vitest';
import { byDueDate, timeLeft } from './dispute-model';

describe('the dispute queue', () => {
  it('puts the earliest due date first and undated disputes last', () => {
    const d = (id: string, due?: string) => ({
      id,
      create_time: '2026-05-01T00:00:00Z',
      ...(due ? { seller_response_due_date: due } : {}),
    });
    expect(
      byDueDate([d('a'), d('b', '2026-06-01T00:00:00Z'), d('c', '2026-05-20T00:00:00Z')]).map((x) => x.id),
    ).toEqual(['c', 'b', 'a']);
  });

  it('says the time left on the simulated clock', () => {
    const now = Date.parse('2026-05-15T12:00:00Z');
    expect(timeLeft('2026-06-04T12:00:00Z', now)).toBe('20 d 0 h');
    expect(timeLeft('2026-05-15T15:30:00Z', now)).toBe('3 h 30 min');
    expect(timeLeft('2026-05-15T11:00:00Z', now)).toBe('due now');
    expect(timeLeft(undefined, now)).toBe('—');
  });
});
