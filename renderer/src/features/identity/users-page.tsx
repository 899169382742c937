import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { navigate } from '../../app/router';
import { CreateUserForm } from './create-user-form';
import { UserinfoPanel } from './userinfo-panel';
import { UsersList } from './users-list';

/** The two tabs of the page: `#/users` and `#/userinfo`. */
export type IdentityTab = 'users' | 'userinfo';

/**
 * Identity: the platform's SCIM users (list with the userName filter and paging, a create form) and,
 * on a tab beside, the userinfo claims per scope.
 */
export function UsersPage({ tab }: { tab: IdentityTab }) {
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={2} data-testid="users-page" data-tab={tab}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Identity
        </Typography>
        {tab === 'users' ? (
          <Button variant="contained" onClick={() => setCreating(true)} data-testid="create-user-button">
            Create user
          </Button>
        ) : null}
      </Stack>
      <Tabs
        value={tab}
        onChange={(_event, next: IdentityTab) => navigate(`/${next}`)}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="users" label="Users (SCIM)" data-testid="identity-tab-users" />
        <Tab value="userinfo" label="Userinfo claims" data-testid="identity-tab-userinfo" />
      </Tabs>
      {tab === 'users' ? <UsersList /> : <UserinfoPanel />}
      <Dialog
        open={creating}
        onClose={() => setCreating(false)}
        maxWidth="sm"
        fullWidth
        aria-labelledby="create-user-title"
        data-testid="create-user-dialog"
      >
        {creating ? (
          <CreateUserForm
            onClose={() => setCreating(false)}
            onCreated={(id) => {
              setCreating(false);
              navigate(`/users/${encodeURIComponent(id)}`);
            }}
          />
        ) : null}
      </Dialog>
    </Stack>
  );
}
