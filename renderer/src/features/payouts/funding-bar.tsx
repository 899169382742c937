import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { isSupportedCurrency, MoneyError, toMinor } from '../../../../shared/money';
import { formatMoney } from '../../api/format';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import { bridge } from '../../bridge';
import { AmountField, MoneyDialogForm } from '../../components/money-dialog';
import { MONO } from '../../components/mono-font';
import { fundBalance } from './payouts-api';

/**
 * What funds a batch: the merchant's balances, and a button that deposits more (the sandbox's funding
 * helper). A batch the balance cannot cover, fees included, is DENIED with nothing paid.
 */

/** The merchant's ledger, today: its balance per currency (what the API's balances report shows too). */
export function useMerchantBalances() {
  const summary = useQuery({
    queryKey: queryKeys.payouts.balances,
    queryFn: () => bridge.reportingSummary({ days: 1 }),
  });
  const balances = (summary.data?.currencies ?? []).map((c) => ({
    currency_code: c.currency,
    value: c.days.at(-1)?.balance ?? '0',
  }));
  return { balances, loading: summary.isLoading };
}

/** The Add funds dialog, opened with `initial` (what a batch lacks) or the default deposit. */
export function FundDialog({
  open,
  onClose,
  initial,
}: {
  open: boolean;
  onClose(): void;
  initial?: { currency: string; value: string } | undefined;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="fund-dialog">
      {open ? <FundForm onClose={onClose} initial={initial} /> : null}
    </Dialog>
  );
}

export function FundingBar() {
  const [open, setOpen] = useState(false);
  const summary = useMerchantBalances();
  const { balances } = summary;
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1 }} data-testid="payout-funding">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          The merchant's balance
        </Typography>
        <Typography variant="body2" sx={{ fontFamily: MONO, fontWeight: 600 }} data-testid="payout-balance">
          {summary.loading
            ? '…'
            : balances.length > 0
              ? balances.map((b) => formatMoney(b)).join(' · ')
              : '—'}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
          A batch the balance cannot cover, fees included, is DENIED and nothing is paid.
        </Typography>
        <Button
          size="small"
          variant="outlined"
          onClick={() => setOpen(true)}
          data-testid="payout-fund-button"
        >
          Add funds
        </Button>
      </Stack>
      <FundDialog open={open} onClose={() => setOpen(false)} />
    </Paper>
  );
}

const DEFAULT_DEPOSIT = { currency: 'USD', value: '10000.00' };

function FundForm({
  onClose,
  initial = DEFAULT_DEPOSIT,
}: {
  onClose(): void;
  initial?: { currency: string; value: string } | undefined;
}) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [value, setValue] = useState(initial.value);
  const [currency, setCurrency] = useState(initial.currency);
  const [submitted, setSubmitted] = useState(false);
  const problem = (() => {
    if (!isSupportedCurrency(currency)) return `${currency || 'A currency'} is not supported.`;
    try {
      return toMinor(value.trim(), currency) > 0n ? undefined : 'Must be more than zero.';
    } catch (error) {
      return error instanceof MoneyError ? error.message : String(error);
    }
  })();
  const fund = useMutation({
    mutationFn: () => fundBalance({ currency, value: value.trim() }),
    onSuccess: () => {
      notify(`Added ${value.trim()} ${currency} to the merchant's balance`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports.all });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!problem) fund.mutate();
  };
  return (
    <MoneyDialogForm
      name="fund"
      title="Add funds for payouts"
      onSubmit={submit}
      onClose={onClose}
      call={fund}
      invalid={submitted && !!problem}
      failedTitle="No funds added"
      submitLabel="Add funds"
      pendingLabel="Adding…"
    >
      <Stack direction="row" spacing={2}>
        <AmountField
          currency={currency}
          value={value}
          onChange={setValue}
          error={submitted || value !== initial.value ? problem : undefined}
          hint="A bank deposit into the merchant's balance (T0300)."
          testId="fund-amount"
        />
        <TextField
          label="Currency"
          value={currency}
          onChange={(e) => setCurrency(e.target.value.toUpperCase())}
          sx={{ width: 100 }}
          slotProps={{
            htmlInput: { maxLength: 3, 'data-testid': 'fund-currency', style: { fontFamily: MONO } },
          }}
        />
      </Stack>
    </MoneyDialogForm>
  );
}
