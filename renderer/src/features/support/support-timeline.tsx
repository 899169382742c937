import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { LedgerLine, SupportResource } from '../../../../shared/bridge';
import { StatusChip } from '../../components/status-chip';
import { TimelineItem } from '../../components/timeline-item';
import { formatCount, formatMoney } from '../../api/format';
import { kindLabel } from '../../api/kind-label';
import { useState } from 'react';

/** Events drawn before "Show all": a long flow stays one quick render. */
const FIRST_EVENTS = 100;

interface TimelineEvent {
  at: string;
  order: number;
  kind: string;
  id: string;
  title: string;
  detail?: string;
  status: string;
  source: 'resource' | 'ledger';
}

/** Every transition of every resource and every ledger entry, on one timeline in simulated time. */
export function timelineEvents(
  resources: readonly SupportResource[],
  ledger: readonly LedgerLine[],
): TimelineEvent[] {
  const events: TimelineEvent[] = [];
  let order = 0;
  for (const r of resources) {
    for (const h of r.history) {
      events.push({
        at: h.at,
        order: order++,
        kind: r.summary.kind,
        id: r.summary.id,
        title: `${kindLabel(r.summary.kind)} ${h.trigger}`,
        ...(h.note ? { detail: h.note } : {}),
        status: h.from_status ? `${h.from_status} → ${h.to_status}` : h.to_status,
        source: 'resource',
      });
    }
  }
  for (const line of ledger) {
    events.push({
      at: line.initiated,
      order: order++,
      kind: 'ledger',
      id: line.transaction_id,
      title: `ledger ${line.event_code} ${line.event_name}`,
      detail: `${formatMoney(line.amount)}${line.fee.value.match(/^-?0(\.0+)?$/) ? '' : `, fee ${line.fee.value}`}${line.balance_affecting ? '' : ' (memo)'}`,
      status: line.status,
      source: 'ledger',
    });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order);
}

export function SupportTimeline({
  resources,
  ledger,
}: {
  resources: readonly SupportResource[];
  ledger: readonly LedgerLine[];
}) {
  const [all, setAll] = useState(false);
  const events = timelineEvents(resources, ledger);
  if (events.length === 0) return <Typography color="text.secondary">Nothing happened yet.</Typography>;
  const shown = all ? events : events.slice(0, FIRST_EVENTS);
  return (
    <>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="support-timeline">
        {shown.map((e, index) => (
          <TimelineItem
            key={index}
            at={e.at}
            rule={e.source === 'ledger' ? 'secondary.main' : 'primary.main'}
            spacing={0.75}
            data={{ 'data-testid': 'timeline-event', 'data-source': e.source }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">
                <strong>{e.title}</strong>{' '}
                <Box component="span" sx={{ fontFamily: 'ui-monospace, monospace', color: 'text.secondary' }}>
                  {e.id}
                </Box>{' '}
                {e.source === 'resource' ? (
                  <StatusChip status={e.status.split(' → ').at(-1) ?? e.status} />
                ) : (
                  <span>status {e.status}</span>
                )}
              </Typography>
              {e.detail ? (
                <Typography variant="caption" color="text.secondary">
                  {e.source === 'resource' ? `${e.status}: ` : ''}
                  {e.detail}
                </Typography>
              ) : null}
            </Box>
          </TimelineItem>
        ))}
      </Box>
      {shown.length < events.length ? (
        <Button size="small" onClick={() => setAll(true)} data-testid="timeline-show-all">
          Show all {formatCount(events.length)} events
        </Button>
      ) : null}
    </>
  );
}
