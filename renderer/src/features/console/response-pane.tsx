import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ApiResponse } from '../../../../shared/bridge';
import { useUi } from '../../app/ui-store';
import { JsonView } from '../../components/json-view';
import { copyText } from '../../components/copy-text';
import { HeadersTable } from '../../components/headers-table';
import { HttpStatusChip } from '../../components/http-status-chip';

const debugIdOf = (response: ApiResponse): string | undefined => {
  const body = response.body as { debug_id?: unknown } | null;
  return typeof body === 'object' && body !== null && typeof body.debug_id === 'string'
    ? body.debug_id
    : undefined;
};

const isEmptyBody = (body: unknown) => body === undefined || body === null || body === '';

/** The answer: status, time, headers, pretty body, the request as sent, and the call as curl. */
export function ResponsePane({
  response,
  error,
  pending,
}: {
  response: ApiResponse | undefined;
  error: unknown;
  pending: boolean;
}) {
  const notify = useUi((s) => s.notify);
  const [tab, setTab] = useState<'body' | 'headers' | 'request' | 'curl'>('body');

  return (
    <Box data-testid="console-response-pane" sx={{ minWidth: 0 }}>
      {pending ? <LinearProgress sx={{ mb: 1 }} /> : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }} data-testid="console-error">
          {error instanceof Error ? error.message : String(error)}
        </Alert>
      ) : null}
      {!response ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          Send a request to see the answer here (Ctrl/⌘ + Enter).
        </Typography>
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <HttpStatusChip status={response.status} withReason testId="console-status" />
            <Typography variant="body2" color="text.secondary" data-testid="console-duration">
              {response.duration_ms.toFixed(response.duration_ms < 10 ? 1 : 0)} ms
            </Typography>
            {debugIdOf(response) ? (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ fontFamily: 'ui-monospace, monospace' }}
              >
                debug_id {debugIdOf(response)}
              </Typography>
            ) : null}
            <Box sx={{ flexGrow: 1 }} />
            <Button
              size="small"
              variant="outlined"
              data-testid="console-copy-curl"
              onClick={() =>
                void copyText(response.curl).then((ok) =>
                  notify(
                    ok
                      ? 'Copied the curl command ($TOKEN stands for the bearer token)'
                      : 'Could not copy; see the curl tab',
                    ok ? 'success' : 'warning',
                  ),
                )
              }
            >
              Copy as curl
            </Button>
          </Stack>
          <Tabs
            value={tab}
            onChange={(_, value: typeof tab) => setTab(value)}
            sx={{ minHeight: 36, '& .MuiTab-root': { minHeight: 36, py: 0 } }}
          >
            <Tab value="body" label="Body" />
            <Tab
              value="headers"
              label={`Headers (${Object.keys(response.headers).length})`}
              data-testid="console-tab-headers"
            />
            <Tab value="request" label="Request" />
            <Tab value="curl" label="curl" data-testid="console-tab-curl" />
          </Tabs>
          <Box sx={{ pt: 1 }}>
            {tab === 'body' ? (
              isEmptyBody(response.body) ? (
                <Typography color="text.secondary" data-testid="console-response">
                  No body ({response.status}).
                </Typography>
              ) : (
                <JsonView value={response.body} testId="console-response" maxHeight={560} />
              )
            ) : null}
            {tab === 'headers' ? (
              <HeadersTable headers={response.headers} testId="console-response-headers" />
            ) : null}
            {tab === 'request' ? (
              <Stack spacing={1}>
                <Typography
                  variant="body2"
                  sx={{ fontFamily: 'ui-monospace, monospace', wordBreak: 'break-all' }}
                >
                  {response.request.method} {response.request.url}
                </Typography>
                <HeadersTable headers={response.request.headers} />
                {response.request.body !== undefined ? (
                  <JsonView value={response.request.body} maxHeight={300} />
                ) : null}
              </Stack>
            ) : null}
            {tab === 'curl' ? <JsonView value={response.curl} testId="console-curl" maxHeight={300} /> : null}
          </Box>
        </>
      )}
    </Box>
  );
}
