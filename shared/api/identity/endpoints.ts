import { SCOPES } from '../../scopes.js';
import { defineEndpoint } from '../endpoint.js';
import {
  ScimListQuery,
  ScimPatchSchema,
  ScimUserParams,
  ScimUserSchema,
  UserinfoForm,
  UserinfoQuery,
} from './schemas.js';
import { SCIM_PATCH_SCHEMA, SCIM_USER_SCHEMA } from './scim-rules.js';

const TAG = 'Identity';
const SCIM_ERRORS = '{schemas, status, scimType, detail, error, error_description}';

/**
 * Identity (spec 2.18, 4.12): the OpenID Connect userinfo call and the platform's SCIM users. The
 * platform's Users API has create, list, show, PATCH and DELETE (no PUT), each here.
 */
export const IDENTITY_ENDPOINTS = {
  userinfo: defineEndpoint({
    method: 'GET',
    path: '/v1/identity/openidconnect/userinfo',
    operationId: 'identity.userinfo',
    summary: "Show user profile information (the claims the token's scopes allow)",
    tag: TAG,
    scope: SCOPES.openid,
    query: UserinfoQuery,
    responses: {
      200: 'The user profile (spec 2.18)',
      400: '{error: INVALID_REQUEST, error_description}',
      401: '{error: INVALID_CLIENT or INVALID_TOKEN, error_description}',
      403: '{error: NOT_AUTHORIZED, error_description}: the token lacks the openid scope',
    },
  }),
  userinfoByForm: defineEndpoint({
    method: 'POST',
    path: '/v1/identity/openidconnect/userinfo',
    operationId: 'identity.userinfo.form',
    summary: 'Show user profile information, by POST with a form body (the token in the form or the header)',
    tag: TAG,
    scope: SCOPES.openid,
    body: UserinfoForm,
    responses: {
      200: 'The user profile (spec 2.18)',
      400: '{error: INVALID_REQUEST, error_description}',
      401: '{error: INVALID_CLIENT or INVALID_TOKEN, error_description}',
      403: '{error: NOT_AUTHORIZED, error_description}: the token lacks the openid scope',
    },
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/v2/scim/Users',
    operationId: 'scim.users.create',
    summary: 'Create user (application/scim+json)',
    tag: TAG,
    scope: SCOPES.scimUsers,
    body: ScimUserSchema,
    responses: {
      201: 'The user, with id and meta',
      400: `A rule of spec 2.18 broken: ${SCIM_ERRORS}, scimType invalidValue`,
      409: `The userName is taken: ${SCIM_ERRORS}, scimType uniqueness`,
    },
    example: {
      schemas: [SCIM_USER_SCHEMA],
      externalId: 'ext-0001',
      userName: 'alexdoe01',
      name: { givenName: 'Alex', familyName: 'Doe' },
      emails: [{ value: 'alex.doe@example.com', primary: true, type: 'work' }],
      phoneNumbers: [{ value: 'tel:+1-408-555-0100', type: 'work' }],
      addresses: [
        {
          streetAddress: '1 Market Street',
          locality: 'San Jose',
          region: 'CA',
          postalCode: '95131',
          country: 'US',
          type: 'work',
        },
      ],
      entitlements: [{ value: 'REPORTING_VIEW' }],
      preferredLanguage: 'en-US',
      timezone: 'America/Los_Angeles',
    },
  }),
  listUsers: defineEndpoint({
    method: 'GET',
    path: '/v2/scim/Users',
    operationId: 'scim.users.list',
    summary: 'List users (filter userName eq "...", startIndex 1..100000, count 0..100)',
    tag: TAG,
    scope: SCOPES.scimUsers,
    query: ScimListQuery,
    responses: {
      200: 'A ListResponse: schemas, totalResults, itemsPerPage, startIndex, Resources',
      400: `A bad filter, startIndex or count: ${SCIM_ERRORS}`,
    },
  }),
  showUser: defineEndpoint({
    method: 'GET',
    path: '/v2/scim/Users/:id',
    operationId: 'scim.users.get',
    summary: 'Show user details',
    tag: TAG,
    scope: SCOPES.scimUsers,
    params: ScimUserParams,
    responses: { 200: 'The user', 404: `No such user: ${SCIM_ERRORS}` },
  }),
  patchUser: defineEndpoint({
    method: 'PATCH',
    path: '/v2/scim/Users/:id',
    operationId: 'scim.users.patch',
    summary: 'Update user (SCIM PatchOp: add, remove, replace)',
    tag: TAG,
    scope: SCOPES.scimUsers,
    params: ScimUserParams,
    body: ScimPatchSchema,
    responses: {
      200: 'The user after the operations',
      400: `A bad operation or a rule broken by the result: ${SCIM_ERRORS}`,
      404: `No such user: ${SCIM_ERRORS}`,
      409: `The new userName is taken: ${SCIM_ERRORS}`,
    },
    example: {
      schemas: [SCIM_PATCH_SCHEMA],
      Operations: [
        { op: 'replace', path: 'name.givenName', value: 'Alexandra' },
        { op: 'add', path: 'entitlements', value: [{ value: 'PAYOUTS_SEND' }] },
      ],
    },
  }),
  deleteUser: defineEndpoint({
    method: 'DELETE',
    path: '/v2/scim/Users/:id',
    operationId: 'scim.users.delete',
    summary: 'Delete user',
    tag: TAG,
    scope: SCOPES.scimUsers,
    params: ScimUserParams,
    responses: { 204: 'Deleted', 404: `No such user: ${SCIM_ERRORS}` },
  }),
};
