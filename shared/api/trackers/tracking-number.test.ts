import { describe, expect, it } from 'vitest';
import { isCalendarDate, trackingNumberProblem } from './tracking-number.js';

describe('tracking numbers (spec 2.16)', () => {
  it.each([
    '443844607820',
    '1Z999AA10123456784',
    '9400111899223197428490',
    'JD014600006281234567',
    'ABC_123-x',
  ])('accepts %s', (value) => expect(trackingNumberProblem(value)).toBeUndefined());

  it.each([
    ['http://track.example/1', 'URL'],
    ['HTTPS://X.EXAMPLE', 'URL'],
    ['www.track.example', 'URL'],
    ['ftp://x', 'URL'],
    ['ship@example.com', 'e-mail'],
    ['+1 408 555 1234', 'phone'],
    ['+442071234567', 'phone'],
    ['(408) 555-1234', 'phone'],
    ['408.555.1234', 'phone'],
    ['tel:4085551234', 'phone'],
    ['TRK\u00e9', 'ASCII'],
    ['\u0662\u0663\u0664', 'ASCII'],
    ['TRK 1', 'letters, digits'],
    ['TRK/1', 'letters, digits'],
  ])('refuses %s (%s)', (value, words) => {
    expect(trackingNumberProblem(value)).toContain(words);
  });
});

describe('shipment dates', () => {
  it.each(['2026-01-15', '2024-02-29', '1999-12-31'])('accepts %s', (value) =>
    expect(isCalendarDate(value)).toBe(true),
  );
  it.each(['2026-02-30', '2023-02-29', '2026-13-01', '2026-1-5', '2026-01-15T00:00:00Z', ''])(
    'refuses %s',
    (value) => expect(isCalendarDate(value)).toBe(false),
  );
});
