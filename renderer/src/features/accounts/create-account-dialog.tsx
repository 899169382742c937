import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MoneyError, toMinor } from '../../../../shared/money';
import { useUi } from '../../app/ui-store';
import { MoneyDialogForm } from '../../components/money-dialog';
import { createAccount } from './accounts-api';
import { queryKeys } from '../../api/query-keys';
import { SelectField } from '../../components/select-field';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The create form: e-mail, type, business name, country and an opening balance (a ledger line). */
export function CreateAccountForm({ onClose }: { onClose(): void }) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [email, setEmail] = useState('');
  const [type, setType] = useState<'PERSONAL' | 'BUSINESS'>('PERSONAL');
  const [businessName, setBusinessName] = useState('');
  const [country, setCountry] = useState('US');
  const [currency, setCurrency] = useState('USD');
  const [opening, setOpening] = useState('100.00');
  const [submitted, setSubmitted] = useState(false);
  const problem = (() => {
    if (!EMAIL.test(email.trim())) return 'Enter an e-mail address.';
    if (!/^([A-Z]{2}|C2)$/.test(country)) return 'The country is two capital letters.';
    try {
      if (toMinor(opening.trim() || '0', currency) < 0n) return 'The opening balance cannot be negative.';
    } catch (error) {
      return error instanceof MoneyError ? error.message : String(error);
    }
    return undefined;
  })();
  const create = useMutation({
    mutationFn: () =>
      createAccount({
        email: email.trim(),
        type,
        country_code: country,
        ...(type === 'BUSINESS' && businessName.trim() ? { business_name: businessName.trim() } : {}),
        balances: [{ currency_code: currency, value: opening.trim() || '0' }],
      }),
    onSuccess: () => {
      notify(`Created ${email.trim()}`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!problem) create.mutate();
  };
  return (
    <MoneyDialogForm
      name="create-account"
      title="Create a sandbox account"
      onSubmit={submit}
      onClose={onClose}
      call={create}
      invalid={submitted && !!problem}
      failedTitle="No account created"
      submitLabel="Create"
      pendingLabel="Creating…"
    >
      <TextField
        label="E-mail"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={submitted && !!problem && !EMAIL.test(email.trim())}
        helperText={submitted ? problem : 'Unique among the sandbox accounts.'}
        autoFocus
        slotProps={{ htmlInput: { 'data-testid': 'account-email' } }}
      />
      <Stack direction="row" spacing={2}>
        <SelectField
          size="medium"
          label="Type"
          value={type}
          onChange={(value) => setType(value as 'PERSONAL' | 'BUSINESS')}
          choices={[
            { value: 'PERSONAL', label: 'Personal (buyer)' },
            { value: 'BUSINESS', label: 'Business (seller)' },
          ]}
          testId="account-type"
          sx={{ width: 180 }}
        />
        <TextField
          label="Country"
          value={country}
          onChange={(e) => setCountry(e.target.value.toUpperCase())}
          sx={{ width: 100 }}
          slotProps={{ htmlInput: { maxLength: 2, 'data-testid': 'account-country' } }}
        />
      </Stack>
      {type === 'BUSINESS' ? (
        <TextField
          label="Business name"
          value={businessName}
          onChange={(e) => setBusinessName(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'account-business-name' } }}
        />
      ) : null}
      <Stack direction="row" spacing={2}>
        <TextField
          label="Opening balance"
          value={opening}
          onChange={(e) => setOpening(e.target.value)}
          helperText="Written to the ledger as a T0300 line."
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'account-opening' } }}
        />
        <TextField
          label="Currency"
          value={currency}
          onChange={(e) => setCurrency(e.target.value.toUpperCase())}
          sx={{ width: 100 }}
          slotProps={{ htmlInput: { maxLength: 3, 'data-testid': 'account-currency' } }}
        />
      </Stack>
    </MoneyDialogForm>
  );
}
