import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { LedgerLine, SupportLookupResult } from '../../../../shared/bridge';
import { RESOURCE_KINDS } from '../../../../shared/api/registry';
import { formatCount, formatMoney } from '../../api/format';
import { kindLabel, kindLabelPlural } from '../../api/kind-label';
import { hrefFor, navigate, resourceRoute } from '../../app/router';
import { bridge } from '../../bridge';
import { QueryState } from '../../components/query-state';
import { Section } from '../../components/section';
import { MONO } from '../../components/mono-font';
import { queryKeys } from '../../api/query-keys';
import { LedgerLines } from '../../components/ledger-lines';
import { RelatedResources } from './related-resources';
import { ResourceCard } from './resource-card';
import { SupportTimeline } from './support-timeline';

/** What the lookup finds, for its hint: every registered kind and ledger transactions. */
const FINDS = [...RESOURCE_KINDS, 'transaction']
  .map((kind) => kindLabelPlural(kind).toLowerCase())
  .join(', ');

/**
 * Which shown resource each ledger line belongs to: the resource whose id (or the ledger transaction
 * its view names, as a payout item's) is the line's transaction, else the one named as its order.
 */
export function ledgerOwners(data: SupportLookupResult): {
  linesOf: (resourceId: string) => LedgerLine[];
  unlinked: LedgerLine[];
} {
  const byTransaction = new Map<string, string>();
  for (const r of data.resources) {
    byTransaction.set(r.summary.id, r.summary.id);
    const named = r.resource['transaction_id'];
    if (typeof named === 'string') byTransaction.set(named, r.summary.id);
  }
  const owned = new Map<string, LedgerLine[]>();
  const unlinked: LedgerLine[] = [];
  for (const line of data.ledger) {
    const owner =
      byTransaction.get(line.transaction_id) ??
      (line.order_id && byTransaction.has(line.order_id) ? line.order_id : undefined);
    if (owner === undefined) unlinked.push(line);
    else owned.set(owner, [...(owned.get(owner) ?? []), line]);
  }
  return { linesOf: (id) => owned.get(id) ?? [], unlinked };
}

function LookupResult({ data }: { data: SupportLookupResult }) {
  const { linesOf, unlinked } = useMemo(() => ledgerOwners(data), [data]);
  const matched = new Set(data.matches.map((m) => `${m.kind}:${m.id}`));
  // A large lineage's root that the id does not name is shown as a summary with its link; its members
  // are paged below instead of drawn whole.
  const summaryOnly = (kind: string, id: string) =>
    data.related.length > 0 && id === data.root_id && !matched.has(`${kind}:${id}`);
  const more = data.ledger_total - data.ledger.length;
  return (
    <Stack spacing={2} data-testid="support-result" data-order-id={data.root_id ?? ''}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2">Found as</Typography>
        {data.matches.map((m) => (
          <Chip
            key={`${m.kind}-${m.id}`}
            size="small"
            label={`${kindLabel(m.kind)} ${m.id}`}
            data-testid="support-match"
            data-kind={m.kind}
          />
        ))}
        {data.root && !matched.has(`${data.root.kind}:${data.root.id}`) ? (
          <Typography variant="body2" color="text.secondary" data-testid="support-root">
            part of {kindLabel(data.root.kind).toLowerCase()}{' '}
            <Link href={hrefFor(resourceRoute(data.root.kind, data.root.id))} sx={{ fontFamily: MONO }}>
              {data.root.id}
            </Link>
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ ml: 'auto' }} data-testid="support-net">
          Net in balance: {data.net.map((m) => formatMoney(m)).join(', ') || '0'}
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
          summaryOnly={summaryOnly(r.summary.kind, r.summary.id)}
        />
      ))}
      {data.root_id
        ? data.related.map((r) => (
            <RelatedResources key={r.kind} kind={r.kind} rootId={data.root_id ?? ''} total={r.total} />
          ))
        : null}
      {unlinked.length > 0 ? (
        <Section
          title="Ledger entries without an API resource (generated history)"
          frame="outlined"
          testId="unlinked-ledger"
        >
          <LedgerLines lines={unlinked} testId="ledger-lines-unlinked" />
        </Section>
      ) : null}
      {more > 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="support-ledger-more">
          The first {formatCount(data.ledger.length)} of {formatCount(data.ledger_total)} ledger entries are
          shown; the net counts them all. Reports searches every one.
        </Typography>
      ) : null}
    </Stack>
  );
}

/**
 * The support agent's view of a transaction: paste any id (a resource of any kind, a ledger
 * transaction, or O- and an order id) and see the flow: one timeline of every transition and ledger
 * entry, each resource's state machine and its ledger lines. At any volume the host sends a bounded
 * answer: a batch's 15,000 items are paged, not drawn.
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

  return (
    <Stack spacing={2} data-testid="support-page">
      <Typography variant="h5">Transaction view</Typography>
      <Stack
        direction="row"
        component="form"
        sx={{ gap: 1.5, alignItems: 'flex-start' }}
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          const value = text.trim();
          if (value) navigate(`support/${encodeURIComponent(value)}`);
        }}
      >
        <TextField
          label="Any id"
          size="small"
          value={text}
          onChange={(e) => setText(e.target.value)}
          sx={{ width: 460 }}
          helperText={`Finds ${FINDS}.`}
          slotProps={{
            htmlInput: { 'data-testid': 'support-input', spellCheck: false, maxLength: 64 },
            formHelperText: { sx: { mx: 0 }, 'data-testid': 'support-hint' } as object,
          }}
        />
        <Button type="submit" variant="contained" data-testid="support-submit" disabled={text.trim() === ''}>
          Look up
        </Button>
      </Stack>
      {id ? (
        <QueryState
          loading={lookup.isLoading}
          error={lookup.error}
          empty={!!data && data.matches.length === 0 && data.ledger_total === 0}
          emptyText={`Nothing known by ${id}.`}
        >
          {data ? <LookupResult data={data} /> : null}
        </QueryState>
      ) : (
        <Typography color="text.secondary">Paste an id to see everything related to it.</Typography>
      )}
    </Stack>
  );
}
