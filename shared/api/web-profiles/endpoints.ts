import { defineEndpoint } from '../endpoint.js';
import { SCOPES } from '../../scopes.js';
import {
  WebProfileCreateHeaders,
  WebProfileIdParams,
  WebProfilePatchSchema,
  WebProfileSchema,
} from './schemas.js';

const TAG = 'Web experience profiles';
const BASE = '/v1/payment-experience/web-profiles';

const EXAMPLE = {
  name: 'Console profile',
  temporary: false,
  presentation: { brand_name: 'Console Shop', logo_image: 'https://example.com/logo.png', locale_code: 'US' },
  input_fields: { no_shipping: 1, address_override: 0, allow_note: true },
  flow_config: { landing_page_type: 'Billing', user_action: 'commit' },
};

/** Web experience profiles (spec 2.17, 4.12). Part 5 leaves scopes open: they share the payments scope. */
export const WEB_PROFILES_ENDPOINTS = {
  create: defineEndpoint({
    method: 'POST',
    path: BASE,
    operationId: 'web-profiles.create',
    summary: 'Create web experience profile',
    tag: TAG,
    scope: SCOPES.payments,
    headers: WebProfileCreateHeaders,
    body: WebProfileSchema,
    responses: {
      201: 'The profile',
      200: 'A repeat with the same Svc-Request-Id within 3 hours: the same profile',
      400: 'Invalid request, missing Svc-Request-Id, or a name the merchant already uses',
    },
    example: EXAMPLE,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: BASE,
    operationId: 'web-profiles.list',
    summary: 'List web experience profiles (the latest 20)',
    tag: TAG,
    scope: SCOPES.payments,
    responses: { 200: 'An array of the latest 20 profiles of the merchant' },
  }),
  show: defineEndpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    operationId: 'web-profiles.get',
    summary: 'Show web experience profile details',
    tag: TAG,
    scope: SCOPES.payments,
    params: WebProfileIdParams,
    responses: { 200: 'The profile', 404: 'No such profile (deleted, expired or never created)' },
  }),
  replace: defineEndpoint({
    method: 'PUT',
    path: `${BASE}/:id`,
    operationId: 'web-profiles.replace',
    summary: 'Replace web experience profile (omitted parameters lose their values)',
    tag: TAG,
    scope: SCOPES.payments,
    params: WebProfileIdParams,
    body: WebProfileSchema,
    responses: { 204: 'Replaced', 400: 'Invalid request or a taken name', 404: 'No such profile' },
    example: EXAMPLE,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: `${BASE}/:id`,
    operationId: 'web-profiles.update',
    summary: 'Partially update web experience profile (JSON Patch)',
    tag: TAG,
    scope: SCOPES.payments,
    params: WebProfileIdParams,
    body: WebProfilePatchSchema,
    responses: {
      204: 'Updated',
      400: 'Malformed patch or a taken name',
      404: 'No such profile',
      422: 'A path the profile does not have, a failed test, or an invalid result',
    },
    example: [{ op: 'replace', path: '/presentation/brand_name', value: 'Patched from the console' }],
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    operationId: 'web-profiles.delete',
    summary: 'Delete web experience profile',
    tag: TAG,
    scope: SCOPES.payments,
    params: WebProfileIdParams,
    responses: { 204: 'Deleted', 404: 'No such profile' },
  }),
};
