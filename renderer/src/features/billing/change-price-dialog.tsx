import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { describeFrequency } from '../../../../shared/billing/schedule';
import { MoneyError, toMinor } from '../../../../shared/money';
import { ApiCallError } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { useUi } from '../../app/ui-store';
import { MONO } from '../../components/mono-font';
import { updatePricing, type Plan } from './billing-api';
import { serverFieldProblems } from './plan-draft';
import { DialogButtons } from '../../components/dialog-buttons';

/** A price the dialog can send: a parseable, non-negative amount in the cycle's currency. */
function priceProblem(value: string, currency: string): string | undefined {
  try {
    return toMinor(value.trim(), currency) < 0n ? 'A price cannot be negative.' : undefined;
  } catch (error) {
    return error instanceof MoneyError ? error.message : 'Not an amount.';
  }
}

/**
 * "Change price": a new pricing version for the plan's priced cycles (`update-pricing-schemes`).
 * Existing subscriptions pay the new price from their next cycle; only changed cycles are sent.
 */
export function ChangePriceDialog({ plan, open, onClose }: { plan: Plan; open: boolean; onClose(): void }) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="change-price-dialog">
      {open ? <ChangePriceForm plan={plan} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ChangePriceForm({ plan, onClose }: { plan: Plan; onClose(): void }) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const priced = plan.billing_cycles.filter((cycle) => cycle.pricing_scheme?.fixed_price);
  const [prices, setPrices] = useState<Record<number, string>>(() =>
    Object.fromEntries(priced.map((c) => [c.sequence, c.pricing_scheme?.fixed_price?.value ?? ''])),
  );
  const changed = priced.filter((c) => prices[c.sequence]?.trim() !== c.pricing_scheme?.fixed_price?.value);
  const problems = Object.fromEntries(
    priced.map((c) => [
      c.sequence,
      priceProblem(prices[c.sequence] ?? '', c.pricing_scheme?.fixed_price?.currency_code ?? ''),
    ]),
  );
  const valid = changed.length > 0 && changed.every((c) => !problems[c.sequence]);
  const send = useMutation({
    mutationFn: () =>
      updatePricing(
        plan.id,
        changed.map((c) => ({
          billing_cycle_sequence: c.sequence,
          pricing_scheme: {
            fixed_price: {
              currency_code: c.pricing_scheme?.fixed_price?.currency_code ?? '',
              value: (prices[c.sequence] ?? '').trim(),
            },
          },
        })),
      ),
    onSuccess: () => {
      notify(`Plan ${plan.id}: new prices from each subscription's next cycle`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onClose();
    },
  });
  const server = send.error instanceof ApiCallError ? serverFieldProblems(send.error.details) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid && !send.isPending) send.mutate();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="change-price-form">
      <DialogTitle>Change price</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A new pricing version: subscriptions already running pay it from their next cycle.
        </Typography>
        <Stack spacing={2}>
          {priced.length === 0 ? (
            <Typography>Every cycle of this plan is free: there is no price to change.</Typography>
          ) : null}
          {priced.map((cycle, index) => {
            const currency = cycle.pricing_scheme?.fixed_price?.currency_code ?? '';
            const value = prices[cycle.sequence] ?? '';
            const serverProblem = server[`/pricing_schemes/${index}/pricing_scheme/fixed_price/value`];
            const problem =
              serverProblem ??
              (value.trim() !== cycle.pricing_scheme?.fixed_price?.value
                ? problems[cycle.sequence]
                : undefined);
            return (
              <TextField
                key={cycle.sequence}
                label={`${cycle.tenure_type === 'TRIAL' ? 'Trial' : 'Regular'} cycle ${cycle.sequence}, ${describeFrequency(cycle.frequency)} (${currency})`}
                size="small"
                value={value}
                onChange={(e) => setPrices((p) => ({ ...p, [cycle.sequence]: e.target.value }))}
                error={Boolean(problem)}
                helperText={
                  problem ??
                  `Now ${cycle.pricing_scheme?.fixed_price?.value} ${currency} (version ${cycle.pricing_scheme?.version ?? 1})`
                }
                slotProps={{
                  htmlInput: {
                    inputMode: 'decimal',
                    style: { fontFamily: MONO },
                    'data-testid': `new-price-${cycle.sequence}`,
                  },
                }}
              />
            );
          })}
        </Stack>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel="Save new price"
        pendingLabel="Saving…"
        call={send}
        failedTitle="The API refused the new price"
        errorTestId="change-price-error"
        disabled={!valid}
        testId="change-price-submit"
      />
    </Box>
  );
}
