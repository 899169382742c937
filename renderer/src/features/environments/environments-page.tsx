import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bridge } from '../../bridge';
import { QueryState } from '../../components/query-state';
import { useUi } from '../../app/ui-store';
import { queryKeys } from '../../api/query-keys';
import { Section } from '../../components/section';
import { ColumnsTable } from '../../components/columns-table';

const EMPTY = { name: '', base_url: '', client_id: '', client_secret: '' };

function problems(form: typeof EMPTY): Partial<Record<keyof typeof EMPTY, string>> {
  const out: Partial<Record<keyof typeof EMPTY, string>> = {};
  if (!form.name.trim()) out.name = 'A name is required.';
  else if (form.name.length > 60) out.name = 'At most 60 characters.';
  if (!/^https?:\/\/[^\s/]+/.test(form.base_url))
    out.base_url = 'An http(s) base URL, e.g. https://api.example.com';
  if (!form.client_id) out.client_id = 'The client id is required.';
  if (!form.client_secret) out.client_secret = 'The client secret is required.';
  return out;
}

/**
 * The environments API calls can go to: the embedded sandbox (always there) and remote ones. Secrets are
 * sent to the host once and stored there encrypted; this page only ever sees them masked.
 */
export function EnvironmentsPage() {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [form, setForm] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const environments = useQuery({
    queryKey: queryKeys.environments,
    queryFn: () => bridge.listEnvironments({}),
  });
  const refresh = () => void queryClient.invalidateQueries();
  const add = useMutation({
    mutationFn: () => bridge.addEnvironment(form),
    onSuccess: (env) => {
      notify(`Added ${env.name}`, 'success');
      setForm(EMPTY);
      setTouched(false);
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => bridge.removeEnvironment({ id }),
    onSuccess: refresh,
  });
  const select = useMutation({
    mutationFn: (id: string) => bridge.selectEnvironment({ id }),
    onSuccess: refresh,
  });
  const errors = problems(form);
  const valid = Object.keys(errors).length === 0;
  const field = (key: keyof typeof EMPTY, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      size="small"
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      error={touched && Boolean(errors[key])}
      helperText={touched ? errors[key] : undefined}
      slotProps={{ htmlInput: { 'data-testid': `env-${key}` } }}
      sx={{ minWidth: 220 }}
    />
  );

  return (
    <Stack spacing={3}>
      <Typography variant="h5">Environments</Typography>
      <Paper>
        <QueryState loading={environments.isLoading} error={environments.error}>
          <ColumnsTable columns={['Name', 'Base URL', 'Client id', 'Secret', '']}>
            {(environments.data ?? []).map((env) => (
              <TableRow key={env.id} selected={env.active}>
                <TableCell>
                  {env.name} {env.active ? <Chip size="small" label="active" color="primary" /> : null}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{env.base_url}</TableCell>
                <TableCell
                  sx={{
                    fontFamily: 'monospace',
                    maxWidth: 220,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                  }}
                >
                  {env.client_id}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{env.client_secret_masked}</TableCell>
                <TableCell align="right">
                  <Button size="small" disabled={env.active} onClick={() => select.mutate(env.id)}>
                    Use
                  </Button>
                  {env.kind === 'remote' ? (
                    <Button size="small" color="error" onClick={() => remove.mutate(env.id)}>
                      Remove
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </ColumnsTable>
        </QueryState>
      </Paper>
      <Section title="Add a remote environment">
        <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          {field('name', 'Name')}
          {field('base_url', 'Base URL')}
          {field('client_id', 'Client id')}
          {field('client_secret', 'Client secret', 'password')}
          <Button
            variant="contained"
            onClick={() => {
              setTouched(true);
              if (valid) add.mutate();
            }}
            disabled={add.isPending}
            data-testid="env-add"
          >
            {add.isPending ? 'Checking credentials…' : 'Add'}
          </Button>
        </Stack>
        {add.error ? (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="env-add-error">
            {(add.error as Error).message}
          </Alert>
        ) : null}
        <Typography variant="caption" color="text.secondary" sx={{ mt: 1, display: 'block' }}>
          Adding asks the environment for a token with these credentials, so a wrong URL or secret is said
          now. The secret goes to the host once and is stored there encrypted; the workbench fetches and
          refreshes tokens itself.
        </Typography>
      </Section>
    </Stack>
  );
}
