import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The three states every host-backed view has besides "data": loading, error, empty. */
export function QueryState({
  loading,
  error,
  empty,
  emptyText = 'Nothing here yet.',
  children,
}: {
  loading: boolean;
  error: unknown;
  empty?: boolean;
  emptyText?: ReactNode;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 3 }} role="status">
        <CircularProgress size={20} />
        <Typography color="text.secondary">Loading…</Typography>
      </Box>
    );
  }
  if (error) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        {error instanceof Error ? error.message : 'Something went wrong.'}
      </Alert>
    );
  }
  if (empty) {
    return (
      <Typography color="text.secondary" sx={{ p: 3 }} data-testid="empty-state">
        {emptyText}
      </Typography>
    );
  }
  return <>{children}</>;
}
