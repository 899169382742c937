import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { ApiErrorAlert } from '../../components/api-error-alert';
import type { ActionForm } from './dispute-action-forms';
import type { DisputeView } from './dispute-model';
import { disputeAction, disputePath, readFile } from './disputes-api';

/**
 * The form of one dispute action: its fields, documents picked from disk when the action takes them
 * (sent as multipart/form-data, as the platform takes them), and the API's refusal as the API put it.
 */
export function DisputeActionDialog({
  trigger,
  form,
  dispute,
  onClose,
}: {
  trigger: string;
  form: ActionForm;
  dispute: DisputeView;
  onClose(): void;
}) {
  const fields = form.fields(dispute);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, f.kind === 'select' ? (f.options[0] ?? '') : ''])),
  );
  const [files, setFiles] = useState<File[]>([]);
  const client = useQueryClient();
  const call = useMutation({
    mutationFn: async () => {
      const body = form.body(values, dispute);
      if (form.method === 'PATCH')
        return callApi({ method: 'PATCH', path: disputePath(dispute.dispute_id), body });
      const picked = form.fileField
        ? await Promise.all(files.map((f) => readFile(f, form.fileField ?? 'file')))
        : [];
      return disputeAction(dispute.dispute_id, form.path, body, picked);
    },
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.resource.all }),
        client.invalidateQueries({ queryKey: queryKeys.resources.all }),
      ]);
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.mutate();
  };
  const missing = fields.some(
    (f) => f.kind !== 'select' && 'required' in f && f.required && !values[f.name]?.trim(),
  );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid={`dispute-dialog-${trigger}`}>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{form.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {fields.map((field) =>
              field.kind === 'select' ? (
                <TextField
                  key={field.name}
                  select
                  label={field.label}
                  value={values[field.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                  slotProps={{
                    select: {
                      SelectDisplayProps: { 'data-testid': `dispute-field-${field.name}` } as object,
                    },
                  }}
                >
                  {field.options.map((option) => (
                    <MenuItem key={option} value={option}>
                      {option}
                    </MenuItem>
                  ))}
                </TextField>
              ) : (
                <TextField
                  key={field.name}
                  label={field.label}
                  value={values[field.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                  required={'required' in field && field.required === true}
                  multiline={field.kind === 'multiline'}
                  minRows={field.kind === 'multiline' ? 2 : undefined}
                  slotProps={{
                    htmlInput: {
                      'data-testid': `dispute-field-${field.name}`,
                      ...(field.kind === 'amount' ? { inputMode: 'decimal' } : {}),
                    },
                  }}
                />
              ),
            )}
            {form.fileField ? (
              <Stack spacing={0.5}>
                <Button variant="outlined" component="label">
                  Attach documents (JPG, GIF, PNG, PDF)
                  <input
                    hidden
                    type="file"
                    multiple
                    accept=".jpg,.jpeg,.gif,.png,.pdf,image/jpeg,image/gif,image/png,application/pdf"
                    data-testid="dispute-files"
                    onChange={(e) => setFiles([...(e.target.files ?? [])])}
                  />
                </Button>
                <Typography variant="body2" color="text.secondary" data-testid="dispute-files-picked">
                  {files.length ? files.map((f) => f.name).join(', ') : 'No document attached.'}
                </Typography>
              </Stack>
            ) : null}
            <ApiErrorAlert
              error={call.error}
              title="The API refused"
              onClose={() => call.reset()}
              testId="dispute-action-error"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={call.isPending || missing}
            data-testid="dispute-action-submit"
          >
            {call.isPending ? 'Sending…' : 'Send'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
