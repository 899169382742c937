import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { callApi } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { MoneyDialog, MoneyDialogForm } from '../../components/money-dialog';
import type { ActionForm } from './dispute-action-forms';
import type { DisputeView } from './dispute-model';
import { disputeAction, disputePath, readFile } from './disputes-api';

/**
 * The form of one dispute action, on the shared money dialog (title, the API's refusal, Cancel and Send):
 * its fields, and documents picked from disk when the action takes them (sent as multipart/form-data,
 * as the platform takes them).
 */
export function DisputeActionDialog({
  form,
  dispute,
  onClose,
}: {
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
    <MoneyDialog name="dispute-action" open onClose={onClose}>
      <MoneyDialogForm
        name="dispute-action"
        title={form.title}
        onSubmit={submit}
        onClose={onClose}
        call={call}
        invalid={missing}
        failedTitle="The API refused"
        submitLabel="Send"
        pendingLabel="Sending…"
      >
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
      </MoneyDialogForm>
    </MoneyDialog>
  );
}
