import { describe, expect, it } from 'vitest';
import { startOfDayIn } from '../billing-v1/merchant-time.js';
import { addInterval } from './billing-calendar.js';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

describe('the billing calendar', () => {
  it.each([
    ['2026-01-31T10:00:00Z', 'MONTH', 1, '2026-02-28T10:00:00Z'],
    ['2026-01-31T10:00:00Z', 'MONTH', 2, '2026-03-31T10:00:00Z'],
    ['2028-01-31T10:00:00Z', 'MONTH', 1, '2028-02-29T10:00:00Z'],
    ['2026-05-15T12:00:00Z', 'MONTH', 12, '2027-05-15T12:00:00Z'],
    ['2028-02-29T00:00:00Z', 'YEAR', 1, '2029-02-28T00:00:00Z'],
    ['2026-05-15T12:00:00Z', 'WEEK', 2, '2026-05-29T12:00:00Z'],
    ['2026-12-31T23:59:59Z', 'DAY', 1, '2027-01-01T23:59:59Z'],
  ] as const)('%s + %i %s counts from the anchor', (start, unit, count, expected) => {
    expect(iso(addInterval(at(start), unit, count))).toBe(expected);
  });
});

describe("the merchant's start of day (spec 2.9)", () => {
  it.each([
    // Pacific daylight time (UTC-7) and standard time (UTC-8).
    ['America/Los_Angeles', '2026-06-01T10:00:00Z', '2026-06-01T07:00:00Z'],
    ['America/Los_Angeles', '2026-06-01T05:00:00Z', '2026-05-31T07:00:00Z'],
    ['America/Los_Angeles', '2026-12-01T10:00:00Z', '2026-12-01T08:00:00Z'],
    // The day daylight time starts: midnight was still standard time.
    ['America/Los_Angeles', '2026-03-08T20:00:00Z', '2026-03-08T08:00:00Z'],
    ['Europe/Berlin', '2026-06-01T10:00:00Z', '2026-05-31T22:00:00Z'],
    ['UTC', '2026-06-01T10:00:00Z', '2026-06-01T00:00:00Z'],
  ])('in %s, %s starts its day at %s', (zone, time, expected) => {
    expect(iso(startOfDayIn(zone, at(time)))).toBe(expected);
  });
});
