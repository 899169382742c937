import { formatTime } from '../../api/format';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { JsonView } from '../../components/json-view';
import { QueryState } from '../../components/query-state';
import { eventsApi } from './events-api';
import { VerificationSteps, VerdictChip } from './verification-steps';
import { queryKeys } from '../../api/query-keys';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12.5 };

/** One delivery as the listener received it: verification, headers and body byte for byte, pretty JSON. */
export function MessageDetail({ id }: { id: string }) {
  const [tab, setTab] = useState<'verification' | 'headers' | 'raw' | 'json'>('verification');
  const message = useQuery({
    queryKey: queryKeys.events.message(id),
    queryFn: () => eventsApi.message(id),
    // Verification may still be running (the certificate is being fetched): look again shortly.
    refetchInterval: (query) => (query.state.data?.verification.verdict === 'PENDING' ? 500 : false),
  });
  const data = message.data;
  return (
    <Paper sx={{ p: 2, minWidth: 0 }} data-testid="message-detail">
      <QueryState loading={message.isLoading} error={message.error}>
        {data ? (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="message-event-type">
                {data.event_type ?? '(not an event)'}
              </Typography>
              <VerdictChip verdict={data.verdict} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={mono}>
              {data.method} {data.path} · {data.size} bytes · received{' '}
              {formatTime(data.received_at, { milliseconds: true })} · answered {data.answered_status}
              {data.event_id ? ` · ${data.event_id}` : ''}
            </Typography>
            <Tabs value={tab} onChange={(_e, value: typeof tab) => setTab(value)} variant="scrollable">
              <Tab value="verification" label="Verification" data-testid="tab-verification" />
              <Tab value="headers" label={`Headers (${data.headers.length})`} data-testid="tab-headers" />
              <Tab value="raw" label="Raw body" data-testid="tab-raw" />
              <Tab value="json" label="JSON" data-testid="tab-json" />
            </Tabs>
            {tab === 'verification' ? <VerificationSteps verification={data.verification} /> : null}
            {tab === 'headers' ? (
              <Table size="small" data-testid="message-headers">
                <TableBody>
                  {data.headers.map(([name, value], index) => (
                    <TableRow key={index}>
                      <TableCell sx={{ ...mono, whiteSpace: 'nowrap', verticalAlign: 'top' }}>
                        {name}
                      </TableCell>
                      <TableCell sx={{ ...mono, wordBreak: 'break-all' }}>{value}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
            {tab === 'raw' ? (
              <Box>
                <Typography variant="caption" color="text.secondary">
                  Exactly the bytes received (UTF-8); the CRC32 and the signature cover these.
                </Typography>
                <JsonView value={data.raw_body} testId="message-raw" />
              </Box>
            ) : null}
            {tab === 'json' ? (
              <JsonView value={data.json ?? '(the body is not JSON)'} testId="message-json" />
            ) : null}
          </Stack>
        ) : null}
      </QueryState>
    </Paper>
  );
}
