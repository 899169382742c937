import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { QuantitySchema } from '../../../../shared/api/subscriptions';
import type { Plan, ReviseAnswer } from './billing-api';
import { usePlan } from './billing-queries';
import { SelectField } from '../../components/select-field';
import { SubscriptionDialog } from './subscription-dialog';

/**
 * Revise: another plan (of the same product, ACTIVE) or another quantity. A price rise needs the buyer's
 * approval again: the answer then carries an `approve` link, shown here to open.
 */
export function ReviseDialog({
  open,
  onClose,
  plan,
  quantity,
  plans,
  mutation,
}: {
  open: boolean;
  onClose(): void;
  plan: Plan | undefined;
  quantity: string;
  /** The ACTIVE plans it can move to. */
  plans: readonly Plan[];
  mutation: UseMutationResult<ReviseAnswer, unknown, { plan_id?: string; quantity?: string }>;
}) {
  const [planId, setPlanId] = useState(plan?.id ?? '');
  const [newQuantity, setNewQuantity] = useState(quantity);
  // List entries carry no quantity_supported: the chosen plan is read whole.
  const chosen = usePlan(planId && planId !== plan?.id ? planId : undefined);
  const target = planId === plan?.id ? plan : chosen.data;
  const quantityProblem =
    target?.quantity_supported && !QuantitySchema.safeParse(newQuantity.trim()).success
      ? 'A whole number from 1.'
      : undefined;
  const request = {
    ...(planId && planId !== plan?.id ? { plan_id: planId } : {}),
    ...(target?.quantity_supported && newQuantity.trim() !== quantity
      ? { quantity: newQuantity.trim() }
      : {}),
  };
  const changes = Object.keys(request).length;
  const approve = mutation.data?.links?.find((l) => l.rel === 'approve');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changes === 0 || quantityProblem || mutation.isPending) return;
    mutation.mutate(request);
  };
  return (
    <SubscriptionDialog
      open={open}
      onClose={onClose}
      title="Revise subscription"
      testId="revise-dialog"
      onSubmit={submit}
      action={{
        submitLabel: 'Revise',
        call: mutation,
        failedTitle: 'The API refused the revision',
        disabled: changes === 0 || Boolean(quantityProblem) || mutation.isSuccess,
        testId: 'revise-submit',
      }}
    >
      <SelectField
        native
        label="Plan"
        value={planId}
        onChange={setPlanId}
        choices={[
          ...(plan && !plans.some((p) => p.id === plan.id)
            ? [{ value: plan.id, label: `${plan.name} (current, ${plan.status})` }]
            : []),
          ...plans.map((p) => ({
            value: p.id,
            label: `${p.name} (${p.id})${p.id === plan?.id ? ' — current' : ''}`,
          })),
        ]}
        testId="revise-plan"
      />
      {target?.quantity_supported ? (
        <TextField
          label="Quantity"
          size="small"
          value={newQuantity}
          onChange={(e) => setNewQuantity(e.target.value)}
          error={Boolean(quantityProblem)}
          helperText={quantityProblem ?? `Now ${quantity}`}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'revise-quantity' } }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary">
          This plan does not take a quantity.
        </Typography>
      )}
      {approve ? (
        <Alert severity="info" data-testid="revise-approve">
          The new charge is higher: the buyer must approve the revision.{' '}
          <Link href={approve.href} target="_blank" rel="noreferrer">
            Open the approval page ↗
          </Link>
        </Alert>
      ) : mutation.isSuccess ? (
        <Alert severity="success">Revised: it applies from the next cycle.</Alert>
      ) : null}
    </SubscriptionDialog>
  );
}
