import { formatTime } from '../../api/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { bridge } from '../../bridge';
import { useUi } from '../../app/ui-store';
import { QueryState } from '../../components/query-state';
import { HeadersTable } from '../../components/headers-table';
import { HttpStatusChip } from '../../components/http-status-chip';
import { canReplay, replayDraft } from './log-filters';
import { queryKeys } from '../../api/query-keys';
import { Section } from '../../components/section';
import { LogBody } from './log-body';
import { SourceChip } from './source-chip';

/** One exchange in full: what came in, what went out, and a way to send it again from the console. */
export function LogDetail({ id, onClose }: { id: number; onClose(): void }) {
  const openInConsole = useUi((s) => s.openInConsole);
  // Entries never change: their key stays out of the prefix the shell invalidates.
  const entry = useQuery({
    queryKey: queryKeys.requestLog.entry(id),
    queryFn: () => bridge.getRequestLogEntry({ id }),
    staleTime: Infinity,
  });
  const data = entry.data;

  return (
    <Paper sx={{ p: 2, minWidth: 0 }} data-testid="log-detail" data-entry-id={id}>
      <QueryState loading={entry.isLoading} error={entry.error}>
        {data ? (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <HttpStatusChip status={data.status} withReason />
              <Typography sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 700 }}>
                {data.method}
              </Typography>
              <Typography
                sx={{ fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all', flex: 1, minWidth: 120 }}
              >
                {data.path}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
              <Typography variant="body2" color="text.secondary">
                #{data.id} · {data.duration_ms.toFixed(1)} ms
              </Typography>
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ fontFamily: 'ui-monospace, monospace' }}
                data-testid="log-debug-id"
              >
                debug_id {data.debug_id ?? '—'}
              </Typography>
            </Stack>
            {data.deprecated ? (
              <Alert severity="warning" data-testid="log-deprecated-notice">
                <code>{data.deprecated.operation_id}</code> is deprecated: use{' '}
                <strong>{data.deprecated.replacement}</strong> instead. The sandbox answered it as the
                platform does.
              </Alert>
            ) : null}
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 0.5 }} data-testid="log-times">
              <Typography variant="body2" data-testid="log-detail-simulated">
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  Simulated{' '}
                </Box>
                {data.simulated_at ? formatTime(data.simulated_at, { milliseconds: true }) : 'not recorded'}
              </Typography>
              <Typography variant="body2" data-testid="log-detail-real">
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  Real{' '}
                </Box>
                {formatTime(data.at, { milliseconds: true })}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              <SourceChip source={data.source} userAgent={data.user_agent} testId="log-detail-source" />
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' }}
                data-testid="log-detail-user-agent"
              >
                {data.user_agent ?? 'no User-Agent'}
              </Typography>
            </Stack>
            <Stack direction="row" spacing={1}>
              <Button
                variant="contained"
                size="small"
                disabled={!canReplay(data.method)}
                onClick={() => openInConsole(replayDraft(data))}
                data-testid="log-replay"
                title="Open this request in the console (the host attaches a fresh token)"
              >
                Replay in console
              </Button>
              <Button size="small" onClick={onClose} data-testid="log-detail-close">
                Close
              </Button>
            </Stack>
            <Divider />
            <Section frame="none" level="subsection" title="Request headers">
              <HeadersTable headers={data.request.headers} testId="log-request-headers" />
            </Section>
            <LogBody title="Request body" value={data.request.body} testId="log-request-body" />
            <Divider />
            <Section frame="none" level="subsection" title="Response headers">
              <HeadersTable headers={data.response.headers} testId="log-response-headers" />
            </Section>
            <LogBody title="Response body" value={data.response.body} testId="log-response-body" />
          </Stack>
        ) : null}
      </QueryState>
    </Paper>
  );
}
