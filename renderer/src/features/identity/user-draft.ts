import {
  languageProblem,
  phoneProblem,
  SCIM_USER_SCHEMA,
  timezoneProblem,
  userNameProblem,
  type ScimUserInput,
} from '../../../../shared/api/identity';

/** The create-user form as typed: one e-mail, one phone, entitlements as a comma-separated list. */
export interface UserDraft {
  userName: string;
  givenName: string;
  familyName: string;
  email: string;
  phone: string;
  entitlements: string;
  preferredLanguage: string;
  timezone: string;
}

export const emptyDraft = (): UserDraft => ({
  userName: '',
  givenName: '',
  familyName: '',
  email: '',
  phone: '',
  entitlements: '',
  preferredLanguage: 'en-US',
  timezone: 'America/Los_Angeles',
});

/**
 * What the form can tell before the call, by the same rules the API applies (shared/api/identity):
 * field -> why. The API still decides (uniqueness is its alone) and its answer is shown as it comes.
 */
export function draftProblems(draft: UserDraft): Partial<Record<keyof UserDraft, string>> {
  const problems: Partial<Record<keyof UserDraft, string>> = {};
  const userName = userNameProblem(draft.userName.trim());
  if (userName) problems.userName = userName;
  if (draft.phone.trim()) {
    const phone = phoneProblem(draft.phone.trim());
    if (phone) problems.phone = phone;
  }
  if (draft.timezone.trim()) {
    const timezone = timezoneProblem(draft.timezone.trim());
    if (timezone) problems.timezone = timezone;
  }
  if (draft.preferredLanguage.trim()) {
    const language = languageProblem(draft.preferredLanguage.trim());
    if (language) problems.preferredLanguage = language;
  }
  return problems;
}

/** The SCIM body of a draft: empty fields are left out, not sent empty. */
export function draftToUser(draft: UserDraft): ScimUserInput {
  const text = (value: string) => value.trim() || undefined;
  const entitlements = draft.entitlements
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map((value) => ({ value }));
  const givenName = text(draft.givenName);
  const familyName = text(draft.familyName);
  const email = text(draft.email);
  const phone = text(draft.phone);
  const preferredLanguage = text(draft.preferredLanguage);
  const timezone = text(draft.timezone);
  return {
    schemas: [SCIM_USER_SCHEMA],
    userName: draft.userName.trim(),
    ...(givenName || familyName
      ? { name: { ...(givenName ? { givenName } : {}), ...(familyName ? { familyName } : {}) } }
      : {}),
    ...(email ? { emails: [{ value: email, primary: true, type: 'work' as const }] } : {}),
    ...(phone ? { phoneNumbers: [{ value: phone, type: 'work' as const }] } : {}),
    ...(entitlements.length > 0 ? { entitlements } : {}),
    ...(preferredLanguage ? { preferredLanguage } : {}),
    ...(timezone ? { timezone } : {}),
  };
}
