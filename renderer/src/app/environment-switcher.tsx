import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bridge } from '../bridge';
import { useUi } from './ui-store';
import { queryKeys } from '../api/query-keys';

/** Which environment API calls go to: the embedded sandbox or a remote one the user added. */
export function EnvironmentSwitcher() {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const environments = useQuery({
    queryKey: queryKeys.environments,
    queryFn: () => bridge.listEnvironments({}),
  });
  const select = useMutation({
    mutationFn: (id: string) => bridge.selectEnvironment({ id }),
    onSuccess: (env) => {
      notify(`Now talking to ${env.name}`, 'info');
      void queryClient.invalidateQueries();
    },
    onError: (error) => notify((error as Error).message, 'error'),
  });
  const active = environments.data?.find((e) => e.active)?.id ?? 'embedded';
  return (
    <Select
      size="small"
      value={environments.data ? active : ''}
      onChange={(e) => select.mutate(String(e.target.value))}
      data-testid="environment-switcher"
      sx={{
        minWidth: 190,
        color: 'inherit',
        '& .MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,0.4)' },
        '& .MuiSvgIcon-root': { color: 'inherit' },
      }}
    >
      {(environments.data ?? []).map((env) => (
        <MenuItem key={env.id} value={env.id}>
          {env.name}
        </MenuItem>
      ))}
    </Select>
  );
}
