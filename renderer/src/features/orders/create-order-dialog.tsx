import Dialog from '@mui/material/Dialog';
import { CreateOrderForm } from './create-order-form';

/** The create-order form in a dialog; the form's state lives only while the dialog is open. */
export function CreateOrderDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(id: string): void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      scroll="paper"
      aria-labelledby="create-order-title"
      data-testid="create-order-dialog"
    >
      {open ? <CreateOrderForm onClose={onClose} onCreated={onCreated} /> : null}
    </Dialog>
  );
}
