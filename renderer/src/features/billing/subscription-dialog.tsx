import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { DialogButtons } from '../../components/dialog-buttons';

/**
 * The dialog of one call on a subscription (a status change with its reason, a revision, a capture):
 * the fields in a column, then Close and the call's button, with the API's refusal above them.
 */
export function SubscriptionDialog({
  open,
  onClose,
  title,
  testId,
  onSubmit,
  action,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  testId: string;
  onSubmit(event: FormEvent): void;
  /** The call's button: its label, the call, when it is off, its test id. */
  action: Omit<ComponentProps<typeof DialogButtons>, 'onClose' | 'closeLabel'>;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid={testId}>
      <Box component="form" onSubmit={onSubmit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>{children}</Stack>
        </DialogContent>
        <DialogButtons onClose={onClose} closeLabel="Close" {...action} />
      </Box>
    </Dialog>
  );
}
