import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { SandboxAccountView } from '../../../../shared/api/accounts';
import { useUi } from '../../app/ui-store';
import { MoneyDialogForm } from '../../components/money-dialog';
import { updateAccount } from './accounts-api';
import { queryKeys } from '../../api/query-keys';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Edits who an account is (e-mail, country, business name and flags); its money moves only by top-up or drain. */
export function EditAccountForm({ account, onClose }: { account: SandboxAccountView; onClose(): void }) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const business = account.type === 'BUSINESS';
  const [email, setEmail] = useState(account.email);
  const [country, setCountry] = useState(account.country_code);
  const [businessName, setBusinessName] = useState(account.business_name ?? '');
  const [donations, setDonations] = useState(account.donations_allowed);
  const [confirmed, setConfirmed] = useState(account.primary_email_confirmed);
  const [submitted, setSubmitted] = useState(false);
  const problem = !EMAIL.test(email.trim())
    ? 'Enter an e-mail address.'
    : !/^([A-Z]{2}|C2)$/.test(country)
      ? 'The country is two capital letters.'
      : business && !businessName.trim()
        ? 'A business account has a name.'
        : undefined;
  const save = useMutation({
    mutationFn: () =>
      updateAccount(account.account_id, {
        ...(email.trim() !== account.email ? { email: email.trim() } : {}),
        country_code: country,
        primary_email_confirmed: confirmed,
        ...(business ? { business_name: businessName.trim(), donations_allowed: donations } : {}),
      }),
    onSuccess: () => {
      notify(`Saved ${email.trim()}`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.accounts.list });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!problem) save.mutate();
  };
  return (
    <MoneyDialogForm
      name="edit-account"
      title={`Edit ${account.email}`}
      onSubmit={submit}
      onClose={onClose}
      call={save}
      invalid={submitted && !!problem}
      failedTitle="Not saved"
      submitLabel="Save"
      pendingLabel="Saving…"
    >
      <TextField
        label="E-mail"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={submitted && !!problem}
        helperText={submitted ? problem : undefined}
        slotProps={{ htmlInput: { 'data-testid': 'edit-email' } }}
      />
      <TextField
        label="Country"
        value={country}
        onChange={(e) => setCountry(e.target.value.toUpperCase())}
        sx={{ width: 100 }}
        slotProps={{ htmlInput: { maxLength: 2, 'data-testid': 'edit-country' } }}
      />
      {business ? (
        <>
          <TextField
            label="Business name"
            value={businessName}
            onChange={(e) => setBusinessName(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'edit-business-name' } }}
          />
          <FormControlLabel
            control={<Checkbox checked={donations} onChange={() => setDonations(!donations)} />}
            label="May receive DONATION items"
          />
        </>
      ) : null}
      <FormControlLabel
        control={<Checkbox checked={confirmed} onChange={() => setConfirmed(!confirmed)} />}
        label="Primary e-mail confirmed"
      />
    </MoneyDialogForm>
  );
}
