import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createUser, type ScimUserView } from './scim-api';
import { draftProblems, draftToUser, emptyDraft, type UserDraft } from './user-draft';
import { queryKeys } from '../../api/query-keys';
import { DialogButtons } from '../../components/dialog-buttons';

const FIELDS: { key: keyof UserDraft; label: string; helper: string; width: 6 | 12 }[] = [
  {
    key: 'userName',
    label: 'userName',
    helper: '8 to 16 letters and digits, not all digits; unique',
    width: 12,
  },
  { key: 'givenName', label: 'Given name', helper: '', width: 6 },
  { key: 'familyName', label: 'Family name', helper: '', width: 6 },
  { key: 'email', label: 'E-mail (work, primary)', helper: '', width: 12 },
  { key: 'phone', label: 'Phone (RFC 3966)', helper: 'e.g. tel:+1-408-555-0100', width: 12 },
  { key: 'entitlements', label: 'Entitlements', helper: 'comma-separated values', width: 12 },
  { key: 'preferredLanguage', label: 'Preferred language', helper: 'e.g. en-US', width: 6 },
  { key: 'timezone', label: 'Time zone (IANA)', helper: 'e.g. Europe/Berlin, not EST', width: 6 },
];

/**
 * `POST /v2/scim/Users` from a form: the shared rules flag a field as it is typed; the API's answer (a
 * taken userName, anything the form did not catch) is shown as the API gave it.
 */
export function CreateUserForm({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const [draft, setDraft] = useState<UserDraft>(emptyDraft);
  const [touched, setTouched] = useState<Partial<Record<keyof UserDraft, boolean>>>({});
  const queryClient = useQueryClient();
  const problems = draftProblems(draft);
  const create = useMutation({
    mutationFn: () => createUser(draftToUser(draft)),
    onSuccess: async (reply) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onCreated((reply.body as ScimUserView).id);
    },
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(Object.fromEntries(FIELDS.map((f) => [f.key, true])));
        if (Object.keys(problems).length === 0) create.mutate();
      }}
      noValidate
    >
      <DialogTitle id="create-user-title">Create user</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={2}>
          {FIELDS.map((field) => {
            const problem = touched[field.key] ? problems[field.key] : undefined;
            return (
              <Grid key={field.key} size={{ xs: 12, sm: field.width }}>
                <TextField
                  fullWidth
                  size="small"
                  label={field.label}
                  value={draft[field.key]}
                  onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
                  onBlur={() => setTouched({ ...touched, [field.key]: true })}
                  error={Boolean(problem)}
                  helperText={problem ?? field.helper}
                  slotProps={{ htmlInput: { 'data-testid': `user-${field.key}` } }}
                />
              </Grid>
            );
          })}
        </Grid>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel="Create"
        call={create}
        failedTitle="Not created"
        errorTestId="create-user-error"
        testId="create-user-submit"
      />
    </form>
  );
}
