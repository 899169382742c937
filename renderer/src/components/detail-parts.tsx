import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { hrefFor } from '../app/router';
import { MONO } from './mono-font';
import { Amount } from './amount';

/** Layout parts the resource detail pages share: back link, fields, figures, not found. */

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link
      href={hrefFor(to)}
      underline="hover"
      sx={{ alignSelf: 'flex-start', fontSize: 14 }}
      data-testid="back-link"
    >
      ← {label}
    </Link>
  );
}

/** Label/value pairs in two aligned columns. */
export function Fields({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(140px, max-content) 1fr',
        columnGap: 3,
        rowGap: 1,
        m: 0,
      }}
    >
      {children}
    </Box>
  );
}

/** One label and its value in `Fields`; `hint` adds a caption after the value. */
export function FieldRow({
  label,
  children,
  testId,
  mono,
  hint,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
  mono?: boolean;
  hint?: ReactNode;
}) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
        <Typography
          component="span"
          variant="body2"
          data-testid={testId}
          sx={{ overflowWrap: 'anywhere', ...(mono ? { fontFamily: MONO } : {}) }}
        >
          {children}
        </Typography>
        {hint ? (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
            {hint}
          </Typography>
        ) : null}
      </Box>
    </>
  );
}

/** A field row of money: the amount (formatted by the shared money module) in the face figures are compared in. */
export function AmountRow({
  amount,
  ...row
}: {
  label: string;
  amount: string;
  testId?: string;
  hint?: ReactNode;
}) {
  return (
    <FieldRow {...row}>
      <Amount>{amount}</Amount>
    </FieldRow>
  );
}

/** The buyer's page of a resource that waits for the buyer, opened outside the workbench; nothing without one. */
export function BuyerPageRow({
  href,
  label,
  testId,
}: {
  href: string | undefined;
  label: string;
  testId: string;
}) {
  return href ? (
    <FieldRow label="Buyer page">
      <Link href={href} target="_blank" rel="noreferrer" data-testid={testId}>
        {label}
      </Link>
    </FieldRow>
  ) : null;
}

/** A page for an id the workspace does not have. */
export function NotFound({
  noun,
  id,
  back,
  backLabel,
  testId,
}: {
  noun: string;
  id: string;
  back: string;
  backLabel: string;
  testId: string;
}) {
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }} data-testid={testId}>
      <Typography variant="h6" component="h1">
        No {noun}{' '}
        <Box component="span" sx={{ fontFamily: MONO }}>
          {id}
        </Box>
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        The active workspace has no {noun} with this id. It may belong to another data folder, or the sandbox
        was reset.
      </Typography>
      <Button variant="outlined" href={hrefFor(back)}>
        {backLabel}
      </Button>
    </Paper>
  );
}

/** A headline figure: a small label over a value. */
export function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack spacing={0.25}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="span"
        sx={{ fontFamily: MONO, lineHeight: 1.2 }}
        data-testid={testId}
      >
        {children}
      </Typography>
    </Stack>
  );
}
