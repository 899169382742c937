import Chip from '@mui/material/Chip';

const COLORS: Record<string, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info' | 'secondary'> =
  {
    CREATED: 'info',
    PAYER_ACTION_REQUIRED: 'warning',
    APPROVED: 'primary',
    COMPLETED: 'success',
    CAPTURED: 'success',
    PARTIALLY_CAPTURED: 'secondary',
    PARTIALLY_REFUNDED: 'secondary',
    REFUNDED: 'default',
    VOIDED: 'default',
    EXPIRED: 'error',
    // Plans and subscriptions.
    ACTIVE: 'success',
    APPROVAL_PENDING: 'warning',
    SUSPENDED: 'warning',
    INACTIVE: 'default',
    CANCELLED: 'default',
    // Invoices, vault tokens, payouts and the legacy lowercase states.
    DRAFT: 'info',
    SENT: 'primary',
    PARTIALLY_PAID: 'secondary',
    PAID: 'success',
    MARKED_AS_PAID: 'success',
    MARKED_AS_REFUNDED: 'default',
    VAULTED: 'success',
    SUCCESS: 'success',
    PENDING: 'warning',
    UNCLAIMED: 'warning',
    DENIED: 'error',
    FAILED: 'error',
    created: 'info',
    approved: 'primary',
    completed: 'success',
    failed: 'error',
  };

/** A resource status, coloured the same everywhere. */
export function StatusChip({ status, size = 'small' }: { status: string; size?: 'small' | 'medium' }) {
  return (
    <Chip
      label={status}
      color={COLORS[status] ?? 'default'}
      size={size}
      variant="outlined"
      data-testid="status-chip"
      sx={{ fontWeight: 600 }}
    />
  );
}
