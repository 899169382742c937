import Dialog from '@mui/material/Dialog';
import { CreateOrderForm } from './create-order-form';
import type { OrderDraft } from './order-form-model';

/** The create-order form in a dialog; the form's state lives only while the dialog is open. */
export function CreateOrderDialog({
  open,
  onClose,
  onCreated,
  initial,
}: {
  open: boolean;
  onClose(): void;
  onCreated(id: string): void;
  /** A prepared draft (the vault view's "use in a new order"); the empty form otherwise. */
  initial?: OrderDraft | undefined;
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
      {open ? <CreateOrderForm onClose={onClose} onCreated={onCreated} initial={initial} /> : null}
    </Dialog>
  );
}
