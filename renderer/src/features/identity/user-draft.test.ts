import { describe, expect, it } from 'vitest';
import { ScimUserSchema } from '../../../../shared/api/identity';
import { draftProblems, draftToUser, emptyDraft } from './user-draft';

describe('the create-user form', () => {
  it('builds a body the API schema accepts, leaving empty fields out', () => {
    const body = draftToUser({ ...emptyDraft(), userName: ' alexdoe01 ', entitlements: 'A, ,B', phone: '' });
    expect(body).toEqual({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: 'alexdoe01',
      entitlements: [{ value: 'A' }, { value: 'B' }],
      preferredLanguage: 'en-US',
      timezone: 'America/Los_Angeles',
    });
    expect(ScimUserSchema.safeParse(body).success).toBe(true);
  });

  it('says what the API would refuse, field by field', () => {
    expect(draftProblems({ ...emptyDraft(), userName: '12345678', phone: '555', timezone: 'PST' })).toEqual({
      userName: 'userName may not be all digits.',
      phone: expect.stringContaining('RFC 3966'),
      timezone: expect.stringContaining('abbreviation'),
    });
    expect(draftProblems({ ...emptyDraft(), userName: 'alexdoe01' })).toEqual({});
  });
});
