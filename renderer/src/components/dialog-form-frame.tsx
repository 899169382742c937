import Box from '@mui/material/Box';
import DialogTitle from '@mui/material/DialogTitle';
import type { FormEvent, ReactNode } from 'react';

/**
 * The form of a large create dialog and its title: a column that fills the dialog, so its content
 * (a `DialogContent` with dividers) scrolls between the title and the buttons, which stay in view.
 */
export function DialogFormFrame({
  title,
  titleId,
  onSubmit,
  testId,
  children,
}: {
  title: string;
  /** The id the dialog's `aria-labelledby` names. */
  titleId: string;
  onSubmit(event: FormEvent): void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Box>
  );
}
