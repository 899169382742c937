/**
 * The identity pages' react-query keys. User lists sit under `resources` and a user under `resource`,
 * the prefixes every host resource change invalidates (app/use-host-events.ts), so an SDK's SCIM call
 * shows at once; the userinfo answer sits under `resource` too (a merchant's profile may change).
 */
export const identityKeys = {
  users: (query: { userName: string; startIndex: number; count: number }) =>
    ['resources', 'scim-user', 'scim-list', query] as const,
  user: (id: string) => ['resource', 'scim-user', id, 'scim'] as const,
  userinfo: ['resource', 'identity', 'userinfo'] as const,
};
