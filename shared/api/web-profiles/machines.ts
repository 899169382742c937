import { defineMachine } from '../../machines/machine.js';

export type WebProfileStatus = 'ACTIVE' | 'DELETED' | 'EXPIRED';
export type WebProfileTrigger = 'create' | 'replace' | 'patch' | 'delete' | 'expire';

/**
 * A web experience profile (spec 2.17): usable from creation until it is deleted or, for a temporary
 * one, until three hours of simulated time have passed. The API answers 404 for a profile that is no
 * longer ACTIVE; the states keep its history for the support view.
 */
export const webProfileMachine = defineMachine<WebProfileStatus, WebProfileTrigger>({
  resource: 'web-profile',
  states: {
    ACTIVE: 'Usable: payments may name it as their experience_profile_id.',
    DELETED: 'Deleted by the merchant; the API answers 404 for it.',
    EXPIRED: 'A temporary profile, three hours after its creation; the API answers 404 for it.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'ACTIVE', label: 'Create' },
    { trigger: 'replace', from: ['ACTIVE'], to: 'ACTIVE', label: 'Replace (PUT)' },
    { trigger: 'patch', from: ['ACTIVE'], to: 'ACTIVE', label: 'Patch' },
    { trigger: 'delete', from: ['ACTIVE'], to: 'DELETED', label: 'Delete' },
    // A scheduled job of the group, three hours after a temporary profile was created.
    { trigger: 'expire', from: ['ACTIVE'], to: 'EXPIRED', label: 'Expire (temporary, 3 hours)' },
  ],
  refusals: {
    replace: { issue: 'WEB_PROFILE_GONE' },
    patch: { issue: 'WEB_PROFILE_GONE' },
    delete: { issue: 'WEB_PROFILE_GONE' },
  },
});
