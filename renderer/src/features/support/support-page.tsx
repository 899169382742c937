import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LedgerLine, SupportResource } from '../../../../shared/bridge';
import { MACHINES } from '../../../../shared/api/registry';
import { toMinor } from '../../../../shared/money';
import { formatMinor, formatMoney } from '../../api/format';
import { hrefFor, navigate, resourceRoute } from '../../app/router';
import { bridge } from '../../bridge';
import { QueryState } from '../../components/query-state';
import { StateMachineView } from '../../components/state-machine-view';
import { StatusChip } from '../../components/status-chip';
import { LedgerLines } from './ledger-lines';
import { SupportTimeline } from './support-timeline';
import { queryKeys } from '../../api/query-keys';
import { Section } from '../../components/section';
import { OpenDisputeButton } from '../disputes';

/** Net of every balance-affecting line per currency: what the flow left in the merchant's balance. */
function netByCurrency(lines: readonly LedgerLine[]): string[] {
  const sums = new Map<string, bigint>();
  for (const l of lines) {
    if (!l.balance_affecting) continue;
    sums.set(
      l.net.currency_code,
      (sums.get(l.net.currency_code) ?? 0n) + toMinor(l.net.value, l.net.currency_code),
    );
  }
  return [...sums].map(([currency, minor]) => formatMinor(minor, currency));
}

function ResourceCard({ resource, lines }: { resource: SupportResource; lines: readonly LedgerLine[] }) {
  const { kind, id, status, amount } = resource.summary;
  // Every kind's machine comes from the shared registry: a new group's resources draw themselves.
  const machine = MACHINES[kind];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`resource-${kind}`} data-resource-id={id}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ textTransform: 'capitalize' }}>
          {kind}
        </Typography>
        <Link href={hrefFor(resourceRoute(kind, id))} sx={{ fontFamily: 'ui-monospace, monospace' }}>
          {id}
        </Link>
        <StatusChip status={status} />
        {amount ? (
          <Typography variant="body2" color="text.secondary">
            {formatMoney(amount)}
          </Typography>
        ) : null}
        {kind === 'capture' && status !== 'REFUNDED' ? (
          <OpenDisputeButton captureId={id} {...(amount ? { currency: amount.currency_code } : {})} />
        ) : null}
      </Stack>
      {machine ? <StateMachineView machine={machine} current={status} history={resource.history} /> : null}
      {kind !== 'order' ? (
        <Box sx={{ mt: 2 }}>
          <Typography variant="subtitle2">Ledger lines</Typography>
          <LedgerLines lines={lines} testId={`ledger-lines-${id}`} />
        </Box>
      ) : null}
    </Paper>
  );
}

/**
 * The support agent's view of a transaction: paste any id (order, authorization, capture, refund,
 * ledger transaction, or O- and an order id) and see the whole flow: one timeline of every transition
 * and ledger entry, each resource's state machine, and its ledger lines.
 */
export function SupportPage({ id }: { id: string | undefined }) {
  const [text, setText] = useState(id ?? '');
  useEffect(() => setText(id ?? ''), [id]);
  const lookup = useQuery({
    queryKey: queryKeys.resource.support(id),
    queryFn: () => bridge.lookupId({ id: id ?? '' }),
    enabled: !!id,
  });
  const data = lookup.data;
  const resourceIds = new Set((data?.resources ?? []).map((r) => r.summary.id));
  // A line belongs to the resource its transaction is; a line whose transaction has no resource of its
  // own (an invoice's payment) belongs to the resource it names as its order or invoice.
  const ownerOf = (line: { transaction_id: string; order_id: string | null }) =>
    resourceIds.has(line.transaction_id)
      ? line.transaction_id
      : line.order_id && resourceIds.has(line.order_id)
        ? line.order_id
        : undefined;
  const linesOf = (resourceId: string) => (data?.ledger ?? []).filter((l) => ownerOf(l) === resourceId);
  const unlinked = (data?.ledger ?? []).filter((l) => ownerOf(l) === undefined);

  return (
    <Stack spacing={2} data-testid="support-page">
      <Typography variant="h5">Transaction view</Typography>
      <Stack
        direction="row"
        component="form"
        sx={{ gap: 1.5, alignItems: 'center' }}
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          const value = text.trim();
          if (value) navigate(`support/${encodeURIComponent(value)}`);
        }}
      >
        <TextField
          label="Any id: order, authorization, capture, refund, transaction"
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ width: 460 }}
          slotProps={{ htmlInput: { 'data-testid': 'support-input', spellCheck: false, maxLength: 64 } }}
        />
        <Button type="submit" variant="contained" data-testid="support-submit" disabled={text.trim() === ''}>
          Look up
        </Button>
      </Stack>
      {id ? (
        <QueryState
          loading={lookup.isLoading}
          error={lookup.error}
          empty={!!data && data.matches.length === 0 && data.ledger.length === 0}
          emptyText={`Nothing known by ${id}.`}
        >
          {data ? (
            <Stack spacing={2} data-testid="support-result" data-order-id={data.root_id ?? ''}>
              <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography variant="body2">Found as</Typography>
                {data.matches.map((m) => (
                  <Chip
                    key={`${m.kind}-${m.id}`}
                    size="small"
                    label={`${m.kind} ${m.id}`}
                    data-testid="support-match"
                  />
                ))}
                {data.root_id ? (
                  <Typography variant="body2" color="text.secondary">
                    order {data.root_id}
                  </Typography>
                ) : null}
                <Typography variant="body2" sx={{ ml: 'auto' }} data-testid="support-net">
                  Net in balance: {netByCurrency(data.ledger).join(', ') || '0'}
                </Typography>
              </Stack>
              <Section title="Timeline" frame="outlined">
                <SupportTimeline resources={data.resources} ledger={data.ledger} />
              </Section>
              {data.resources.map((r) => (
                <ResourceCard
                  key={`${r.summary.kind}-${r.summary.id}`}
                  resource={r}
                  lines={linesOf(r.summary.id)}
                />
              ))}
              {unlinked.length > 0 ? (
                <Section
                  title="Ledger entries without an API resource (generated history)"
                  frame="outlined"
                  testId="unlinked-ledger"
                >
                  <LedgerLines lines={unlinked} testId="ledger-lines-unlinked" />
                </Section>
              ) : null}
            </Stack>
          ) : null}
        </QueryState>
      ) : (
        <Typography color="text.secondary">Paste an id to see everything related to it.</Typography>
      )}
    </Stack>
  );
}
