import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PAYOUT_ITEM_ERRORS, RESERVED_RECEIVERS } from '../../../../shared/api/payouts';
import { MONO } from '../../components/mono-font';
import { StatusChip } from '../../components/status-chip';
import { ColumnsTable } from '../../components/columns-table';

/** How the sandbox decides each item's outcome (the same table the payouts group documents and uses). */
const GENERAL_RULES: { receiver: string; status: string; error?: keyof typeof PAYOUT_ITEM_ERRORS }[] = [
  { receiver: 'EMAIL or SVC_ID of a sandbox account (buyer@example.com …)', status: 'SUCCESS' },
  {
    receiver: 'EMAIL unknown to the sandbox, or any PHONE',
    status: 'UNCLAIMED',
    error: 'RECEIVER_UNREGISTERED',
  },
  { receiver: 'PHONE that is not a phone number', status: 'FAILED', error: 'RECEIVER_PHONE_INVALID' },
  { receiver: 'SVC_ID of no account', status: 'FAILED', error: 'RECEIVER_UNREGISTERED' },
];

export function SandboxReceiversHelp() {
  const reserved = Object.entries(RESERVED_RECEIVERS).map(([local, r]) => ({
    receiver: `${local}@… (any domain, ${local}+tag@ too)`,
    status: r.status,
    error: r.error,
  }));
  return (
    <Accordion disableGutters variant="outlined" data-testid="payout-sandbox-receivers">
      <AccordionSummary expandIcon="▾">
        <Typography variant="body2">What each receiver gets in the sandbox</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <ColumnsTable columns={['Receiver', 'Item status', 'errors.name']}>
          {[...GENERAL_RULES, ...reserved].map((rule) => (
            <TableRow key={rule.receiver}>
              <TableCell sx={{ fontFamily: MONO, fontSize: 12.5 }}>{rule.receiver}</TableCell>
              <TableCell>
                <StatusChip status={rule.status} />
              </TableCell>
              <TableCell
                sx={{ fontFamily: MONO, fontSize: 12.5 }}
                title={rule.error && PAYOUT_ITEM_ERRORS[rule.error]}
              >
                {rule.error ?? '—'}
              </TableCell>
            </TableRow>
          ))}
        </ColumnsTable>
        <Typography variant="caption" color="text.secondary">
          Unclaimed payouts return to the sender after 30 days of simulated time, fee included. A first item
          whose note is one of the sandbox test values (ERRPYO001 …) makes the API answer that error.
        </Typography>
      </AccordionDetails>
    </Accordion>
  );
}
