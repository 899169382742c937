import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { scimUserMachine, type ScimUserStatus } from '../../../../shared/api/identity';
import { ApiCallError, callApi } from '../../api/api-call';
import { hrefFor, navigate } from '../../app/router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { HistoryTimeline } from '../../components/history-timeline';
import { JsonView } from '../../components/json-view';
import { MONO } from '../../components/mono-font';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { StateMachineView } from '../../components/state-machine-view';
import { StatusChip } from '../../components/status-chip';
import { deleteUser, setActive, userPath, type ScimUserView } from './scim-api';
import { queryKeys } from '../../api/query-keys';
import { useResourceDetail } from '../../api/use-resource-detail';

/**
 * `#/users/<id>`: the user as `GET /v2/scim/Users/{id}` shows it, its machine and history, and the
 * PATCH (`active`) and DELETE calls as buttons. A deleted user answers 404: the page says so.
 */
export function UserDetailPage({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const user = useQuery({
    queryKey: queryKeys.identity.user(id),
    queryFn: async () =>
      (await callApi({ method: 'GET', path: userPath(id), headers: { accept: 'application/scim+json' } }))
        .body as ScimUserView,
    retry: false,
  });
  const detail = useResourceDetail('scim-user', id);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.resource.detail('scim-user', id) });
  const toggle = useMutation({
    mutationFn: (active: boolean) => setActive(id, active),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => deleteUser(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      navigate('/users');
    },
  });
  const gone = user.error instanceof ApiCallError && user.error.status === 404;
  const status = (detail.data?.summary.status ??
    (user.data?.active ? 'ACTIVE' : 'INACTIVE')) as ScimUserStatus;
  return (
    <Stack spacing={2} data-testid="user-detail" data-user-id={id}>
      <Link href={hrefFor('/users')}>← Users</Link>
      {gone ? (
        <Paper sx={{ p: 3 }} data-testid="user-not-found">
          <Typography>
            No user <code>{id}</code>: it was deleted, or never existed.
          </Typography>
        </Paper>
      ) : (
        <QueryState loading={user.isLoading} error={user.error}>
          {user.data ? (
            <>
              <Paper sx={{ p: 2.5 }}>
                <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography variant="h5" component="h1" sx={{ fontFamily: MONO, fontWeight: 600 }}>
                    {user.data.userName}
                  </Typography>
                  <StatusChip status={status} />
                  <Typography color="text.secondary" sx={{ flexGrow: 1, fontFamily: MONO }}>
                    {id}
                  </Typography>
                  <Button
                    variant="outlined"
                    onClick={() => toggle.mutate(!user.data.active)}
                    disabled={toggle.isPending}
                    data-testid="user-toggle-active"
                  >
                    {user.data.active ? 'Deactivate' : 'Activate'}
                  </Button>
                  <Button
                    color="error"
                    variant="outlined"
                    onClick={() => remove.mutate()}
                    disabled={remove.isPending}
                    data-testid="user-delete"
                  >
                    Delete
                  </Button>
                </Stack>
                {toggle.error ? <ApiErrorAlert error={toggle.error} title="Not changed" /> : null}
                {remove.error ? <ApiErrorAlert error={remove.error} title="Not deleted" /> : null}
              </Paper>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, lg: 7 }} sx={{ minWidth: 0 }}>
                  <Section title="As SCIM shows it" testId="user-json">
                    <JsonView value={user.data} />
                  </Section>
                </Grid>
                <Grid size={{ xs: 12, lg: 5 }}>
                  <Section title="State and history">
                    <StateMachineView
                      machine={scimUserMachine}
                      current={status}
                      history={detail.data?.history ?? []}
                    />
                    <HistoryTimeline history={detail.data?.history ?? []} />
                  </Section>
                </Grid>
              </Grid>
            </>
          ) : null}
        </QueryState>
      )}
    </Stack>
  );
}
