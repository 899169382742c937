import { defineMachine } from '../../machines/machine.js';

export type ScimUserStatus = 'ACTIVE' | 'INACTIVE' | 'DELETED';
export type ScimUserTrigger = 'create' | 'create-inactive' | 'update' | 'deactivate' | 'activate' | 'delete';

/**
 * A SCIM user (spec 2.18): ACTIVE or INACTIVE as its `active` attribute says (a PATCH or a create with
 * `active: false` moves it), DELETED once deleted (then answered 404 and its userName is free again).
 * Attribute changes keep the state and are kept in its history.
 */
export const scimUserMachine = defineMachine<ScimUserStatus, ScimUserTrigger>({
  resource: 'scim-user',
  states: {
    ACTIVE: 'The user may sign in (active: true).',
    INACTIVE: 'Deactivated (active: false): kept with its attributes, but may not sign in.',
    DELETED: 'Deleted: no longer listed or shown; its userName may be used again.',
  },
  transitions: [
    { trigger: 'create', from: [], to: 'ACTIVE', label: 'Create user' },
    { trigger: 'create-inactive', from: [], to: 'INACTIVE', label: 'Create user (inactive)' },
    { trigger: 'update', from: ['ACTIVE'], to: 'ACTIVE', label: 'Update attributes' },
    { trigger: 'update', from: ['INACTIVE'], to: 'INACTIVE', label: 'Update attributes' },
    { trigger: 'deactivate', from: ['ACTIVE'], to: 'INACTIVE', label: 'Deactivate (active: false)' },
    { trigger: 'activate', from: ['INACTIVE'], to: 'ACTIVE', label: 'Activate (active: true)' },
    { trigger: 'delete', from: ['ACTIVE', 'INACTIVE'], to: 'DELETED', label: 'Delete user' },
  ],
  refusals: {},
});
