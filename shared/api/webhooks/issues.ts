import { issuesOf } from '../issue.js';

/** Webhooks: the issues its operations answer with. */
export const WEBHOOKS_ISSUES = {
  ...issuesOf('INVALID_REQUEST', {
    WEBHOOK_URL_ALREADY_EXISTS: 'The application already has a webhook with this URL.',
    WEBHOOK_NUMBER_LIMIT_EXCEEDED:
      'The application already has 10 webhooks, the most the platform allows; delete one to add another.',
    WEBHOOK_URL_NOT_SUPPORTED:
      'A webhook URL must be an absolute http or https URL of at most 2048 characters.',
    EVENT_TYPE_NOT_SUPPORTED:
      'The event type is not in the catalog (GET /v1/notifications/webhooks-event-types).',
    DUPLICATE_EVENT_TYPE: 'An event type is listed more than once.',
    WILDCARD_NOT_ALONE: 'The wildcard * already subscribes to every event type; list it alone.',
    RESOURCE_VERSION_NOT_SUPPORTED: 'The event type has no sample resource in this resource version.',
    WEBHOOK_TARGET_REQUIRED: 'Give exactly one of url or webhook_id.',
    INVALID_RESOURCE_ID: 'The id does not name a resource of this application.',
  }),
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    MOCK_EVENT_NOT_VERIFIABLE:
      'Mock events from the simulator (webhook id WEBHOOK_ID) cannot be verified by the service; verify them yourself (spec 6.6).',
  }),
};
