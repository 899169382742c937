import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatMoney, formatTime } from '../../api/format';
import { Section } from '../../components/section';
import type { DisputeView } from './dispute-model';

const documentsText = (documents: { name: string }[] | undefined): string =>
  documents?.length ? ` · documents: ${documents.map((d) => d.name).join(', ')}` : '';

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
                    secondary={`${m.posted_by} · ${formatTime(m.time_posted)}${documentsText(m.documents)}`}
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
                    secondary={`${e.source} · ${e.dispute_life_cycle_stage} · ${formatTime(e.date)}${documentsText(e.documents)}`}
                  />
                </ListItem>
              ))}
              {(dispute.supporting_info ?? []).map((s, i) => (
                <ListItem key={`s${i}`}>
                  <ListItemText
                    primary={`Supporting info${s.notes ? `: ${s.notes}` : ''}`}
                    secondary={`${formatTime(s.provided_time)}${documentsText(s.documents)}`}
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
