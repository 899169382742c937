import { describe, expect, it } from 'vitest';
import { ORDERS_V2_ENDPOINTS, ORDERS_V2_ISSUES } from './orders-v2/index.js';
import { mockCodeOf, mockCodesFor, mockResponseHeader } from './mock-codes.js';

describe('mock codes for the console', () => {
  it("lists the endpoint's group issues first, then what any operation may answer", () => {
    const groups = mockCodesFor(ORDERS_V2_ENDPOINTS.create);
    expect(groups.map((g) => g.label)).toEqual(['Orders v2 issues', 'Any operation']);
    expect(groups[0]?.codes.map((c) => c.code).sort()).toEqual(Object.keys(ORDERS_V2_ISSUES).sort());
    const any = groups[1]?.codes ?? [];
    expect(any.find((c) => c.code === 'INTERNAL_SERVER_ERROR')).toMatchObject({ status: 500 });
    expect(any.find((c) => c.code === 'MISSING_REQUIRED_PARAMETER')).toMatchObject({ status: 400 });
  });

  it('writes and reads the header in the form the pipeline parses', () => {
    expect(mockResponseHeader('INSTRUMENT_DECLINED')).toBe(
      '{"mock_application_codes":"INSTRUMENT_DECLINED"}',
    );
    expect(mockCodeOf(mockResponseHeader('X'))).toBe('X');
    expect(mockCodeOf('not json')).toBeUndefined();
  });
});
