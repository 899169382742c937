import { issuesOf } from '../issue.js';

/** Web experience profiles: the issues their operations answer with. */
export const WEB_PROFILES_ISSUES = {
  // The platform answered a taken name as a validation error (400), not a business rule (422).
  ...issuesOf('INVALID_REQUEST', {
    WEB_PROFILE_NAME_TAKEN: 'A web experience profile with this name already exists for the merchant.',
  }),
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    WEB_PROFILE_GONE: 'The profile was deleted or, being temporary, expired; it can no longer change.',
    WEB_PROFILE_PATCH_PATH_NOT_SUPPORTED:
      'The patch path does not name a parameter of the profile (name, temporary, flow_config, input_fields, presentation).',
    WEB_PROFILE_PATCH_FAILED: 'The patch could not be applied to the profile.',
    WEB_PROFILE_PATCH_TEST_FAILED: 'A test operation of the patch did not match the profile.',
    INVALID_WEB_PROFILE_PATCH_RESULT: 'The patched profile would no longer be a valid profile.',
  }),
};
