import { createElement } from 'react';
import { defineFeature } from '../feature';
import { lazyPage } from '../lazy-page';

const UserDetailPage = lazyPage(() => import('./user-detail-page'), 'UserDetailPage');
const UsersPage = lazyPage(() => import('./users-page'), 'UsersPage');

/**
 * Identity: SCIM users (list, filter, paging, create; each user's detail with activate, deactivate and
 * delete) and the userinfo claims per scope.
 */
export const identityFeature = defineFeature({
  name: 'identity',
  nav: [
    { section: 'Merchants', path: 'users', label: 'Users (SCIM)' },
    { section: 'Merchants', path: 'userinfo', label: 'Userinfo' },
  ],
  routes: {
    users: { list: () => createElement(UsersPage, { tab: 'users' }), detail: UserDetailPage },
    userinfo: { list: () => createElement(UsersPage, { tab: 'userinfo' }) },
  },
  kinds: { 'scim-user': 'users' },
});
