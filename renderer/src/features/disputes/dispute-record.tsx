import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatMoney, formatTime } from '../../api/format';
import { Section } from '../../components/section';
import { Fragment, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import type { DisputeDocument, DisputeView } from './dispute-model';
import { downloadDocument } from './disputes-api';

/**
 * The documents given with an entry, each a link that downloads it through the API (a document kept
 * before the workbench kept documents has no url: its name alone).
 */
function Documents({ documents }: { documents: DisputeDocument[] | undefined }) {
  const [failed, setFailed] = useState<unknown>();
  if (!documents?.length) return null;
  return (
    <Box component="span" data-testid="dispute-documents">
      {' · documents: '}
      {documents.map((d, i) => (
        <Fragment key={i}>
          {i > 0 ? ', ' : ''}
          {d.url ? (
            <Link
              component="button"
              type="button"
              variant="body2"
              data-testid="dispute-document-link"
              data-url={d.url}
              onClick={() => {
                setFailed(undefined);
                downloadDocument(d.url ?? '', d.name).catch(setFailed);
              }}
            >
              {d.name}
            </Link>
          ) : (
            d.name
          )}
        </Fragment>
      ))}
      <ApiErrorAlert
        error={failed}
        title="Download failed"
        onClose={() => setFailed(undefined)}
        testId="dispute-document-error"
      />
    </Box>
  );
}

/** What was said and given in a dispute: messages, the offer and its history, evidence, money moved. */
export function DisputeRecord({ dispute }: { dispute: DisputeView }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title="Messages" testId="dispute-messages">
          {dispute.messages?.length ? (
            <List dense>
              {dispute.messages.map((m, i) => (
                <ListItem key={i} data-testid="dispute-message">
                  <ListItemText
                    primary={m.content || '(document only)'}
                    slotProps={{ secondary: { component: 'div' } }}
                    secondary={
                      <>
                        {`${m.posted_by} · ${formatTime(m.time_posted)}`}
                        <Documents documents={m.documents} />
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">No messages.</Typography>
          )}
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title="Offers" testId="dispute-offers">
          <Typography variant="body2">
            Buyer asks {formatMoney(dispute.offer?.buyer_requested_amount ?? dispute.dispute_amount)}
            {dispute.offer?.seller_offered_amount
              ? `; seller offers ${formatMoney(dispute.offer.seller_offered_amount)}`
              : ''}
          </Typography>
          <List dense>
            {(dispute.offer?.history ?? []).map((h, i) => (
              <ListItem key={i} data-testid="dispute-offer-event" data-event={h.event_type}>
                <ListItemText
                  primary={`${h.actor} ${h.event_type} ${h.offer_type}${h.offer_amount ? ` ${formatMoney(h.offer_amount)}` : ''}`}
                  secondary={`${formatTime(h.offer_time)}${h.notes ? ` · ${h.notes}` : ''}`}
                />
              </ListItem>
            ))}
          </List>
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title="Evidence" testId="dispute-evidence">
          {dispute.evidences?.length || dispute.supporting_info?.length ? (
            <List dense>
              {(dispute.evidences ?? []).map((e, i) => (
                <ListItem key={`e${i}`} data-testid="dispute-evidence-item">
                  <ListItemText
                    primary={`${e.evidence_type}${e.notes ? `: ${e.notes}` : ''}`}
                    slotProps={{ secondary: { component: 'div' } }}
                    secondary={
                      <>
                        {`${e.source} · ${e.dispute_life_cycle_stage} · ${formatTime(e.date)}`}
                        <Documents documents={e.documents} />
                      </>
                    }
                  />
                </ListItem>
              ))}
              {(dispute.supporting_info ?? []).map((s, i) => (
                <ListItem key={`s${i}`}>
                  <ListItemText
                    primary={`Supporting info${s.notes ? `: ${s.notes}` : ''}`}
                    slotProps={{ secondary: { component: 'div' } }}
                    secondary={
                      <>
                        {formatTime(s.provided_time)}
                        <Documents documents={s.documents} />
                      </>
                    }
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">No evidence yet.</Typography>
          )}
        </Section>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Section title="Money" testId="dispute-money">
          {dispute.money_movements?.length ? (
            <List dense>
              {dispute.money_movements.map((m, i) => (
                <ListItem key={i}>
                  <ListItemText
                    primary={`${m.affected_party} ${m.type} ${formatMoney(m.amount)}`}
                    secondary={formatTime(m.initiated_time)}
                  />
                </ListItem>
              ))}
            </List>
          ) : (
            <Typography color="text.secondary">
              The disputed amount is held from the seller until a decision.
            </Typography>
          )}
        </Section>
      </Grid>
    </Grid>
  );
}
