import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { SandboxAccountView } from '../../../../shared/api/accounts';
import { isSupportedCurrency, MoneyError, toMinor } from '../../../../shared/money';
import { useUi } from '../../app/ui-store';
import { AmountField, MoneyDialogForm } from '../../components/money-dialog';
import { adjustBalance } from './accounts-api';
import { queryKeys } from '../../api/query-keys';

export type AdjustDirection = 'CREDIT' | 'DEBIT';

/**
 * Top up or drain one balance (a T0300 or T0400 line in the ledger). Draining the merchant makes payouts
 * fail for insufficient funds; "Drain all" fills in the whole balance.
 */
export function AdjustBalanceForm({
  account,
  direction,
  onClose,
}: {
  account: SandboxAccountView;
  direction: AdjustDirection;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const primary = account.balances[0] ?? { currency_code: 'USD', value: '0.00' };
  const [currency, setCurrency] = useState(primary.currency_code);
  const [value, setValue] = useState(direction === 'CREDIT' ? '100.00' : primary.value);
  const [submitted, setSubmitted] = useState(false);
  const current = account.balances.find((b) => b.currency_code === currency);
  const problem = (() => {
    if (!isSupportedCurrency(currency)) return `${currency || 'A currency'} is not supported.`;
    try {
      const minor = toMinor(value.trim(), currency);
      if (minor <= 0n) return 'Must be more than zero.';
      if (direction === 'DEBIT' && minor > toMinor(current?.value ?? '0', currency))
        return `The ${currency} balance is ${current?.value ?? '0'}.`;
    } catch (error) {
      return error instanceof MoneyError ? error.message : String(error);
    }
    return undefined;
  })();
  const adjust = useMutation({
    mutationFn: () =>
      adjustBalance(account.account_id, { currency_code: currency, value: value.trim() }, direction),
    onSuccess: () => {
      notify(
        `${direction === 'CREDIT' ? 'Topped up' : 'Drained'} ${value.trim()} ${currency} for ${account.email}`,
        'success',
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list });
      void queryClient.invalidateQueries({ queryKey: queryKeys.reports.all });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!problem) adjust.mutate();
  };
  return (
    <MoneyDialogForm
      name="adjust-balance"
      title={`${direction === 'CREDIT' ? 'Top up' : 'Drain'} ${account.email}`}
      onSubmit={submit}
      onClose={onClose}
      call={adjust}
      invalid={submitted && !!problem}
      failedTitle="Balance unchanged"
      submitLabel={direction === 'CREDIT' ? 'Top up' : 'Drain'}
      pendingLabel="Saving…"
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <AmountField
          currency={currency}
          value={value}
          onChange={setValue}
          error={submitted ? problem : undefined}
          hint={
            direction === 'CREDIT' ? 'A bank deposit (T0300).' : 'A withdrawal (T0400); never below zero.'
          }
          testId="adjust-amount"
        />
        <TextField
          label="Currency"
          value={currency}
          onChange={(e) => setCurrency(e.target.value.toUpperCase())}
          sx={{ width: 100 }}
          slotProps={{ htmlInput: { maxLength: 3, 'data-testid': 'adjust-currency' } }}
        />
      </Stack>
      {direction === 'DEBIT' ? (
        <Button
          size="small"
          onClick={() => setValue(current?.value ?? '0')}
          data-testid="adjust-drain-all"
          sx={{ alignSelf: 'flex-start' }}
        >
          Drain all ({current?.value ?? '0'} {currency})
        </Button>
      ) : null}
    </MoneyDialogForm>
  );
}
