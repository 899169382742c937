import { defineSharedGroup } from '../shared-group.js';

/** OAuth2 tokens: what both sides know of it. */
export const oauthShared = defineSharedGroup({
  name: 'oauth',
  issues: {},
  machines: {},
  endpoints: [],
  scopes: ['openid'],
});
