import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { newRequestId } from '../../api/api-call';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { Section } from '../../components/section';
import { createPlan, PLANS_PATH } from './billing-api';
import { useClockNow, useProductChoices } from './billing-queries';
import { CycleBuilder } from './cycle-builder';
import {
  addTrial,
  buildPlanBody,
  CURRENCIES,
  draftSchedule,
  initialPlanDraft,
  removeCycle,
  updateCycle,
  validatePlanDraft,
  type PlanDraft,
} from './plan-draft';
import { SchedulePreview } from './schedule-preview';
import { useFormProblems } from './use-form-problems';
import { useCreateCall } from './use-create-call';
import { PointerTextField, type PointerTextFieldProps } from './pointer-text-field';
import { DialogButtons } from '../../components/dialog-buttons';
import { DialogFormFrame } from '../../components/dialog-form-frame';
import { SelectField } from '../../components/select-field';

/**
 * The create-plan form (the dialog's content): product, name and status; the cycle builder; payment
 * preferences and taxes; and, beside them, the whole schedule in words and on a timeline from the
 * simulated clock, as it is typed. One `Svc-Request-Id` per form, so sending again after a timeout
 * cannot make a second plan.
 */
export function PlanForm({
  productId,
  onClose,
  onCreated,
}: {
  productId?: string | undefined;
  onClose(): void;
  onCreated(id: string): void;
}) {
  const openInConsole = useUi((s) => s.openInConsole);
  const now = useClockNow();
  const products = useProductChoices();
  const [draft, setDraft] = useState<PlanDraft>(() => initialPlanDraft(productId));
  const [requestId] = useState(newRequestId);
  const body = useMemo(() => buildPlanBody(draft), [draft]);
  const validation = useMemo(() => validatePlanDraft(draft), [draft]);
  const schedule = useMemo(() => draftSchedule(draft), [draft]);
  const problems = useFormProblems(validation.fields);

  const { call: create, submit } = useCreateCall({
    problems,
    create: () => createPlan(body, requestId),
    notice: (plan) => `Plan ${plan.id} created: ${plan.status ?? ''}`,
    onCreated,
  });

  const update = (pointer: string, change: (d: PlanDraft) => PlanDraft) => {
    problems.touch(pointer);
    setDraft(change);
  };
  const text = (o: Omit<PointerTextFieldProps, 'problems' | 'touchOnBlur'>) => (
    <PointerTextField problems={problems} touchOnBlur {...o} />
  );
  const set =
    <K extends keyof PlanDraft>(key: K, pointer: string) =>
    (value: PlanDraft[K]) =>
      update(pointer, (d) => ({ ...d, [key]: value }));

  const productError = problems.errorOf('/product_id');
  return (
    <DialogFormFrame title="Create plan" titleId="plan-form-title" onSubmit={submit} testId="plan-form">
      <DialogContent dividers>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 7 }} sx={{ minWidth: 0 }}>
            <Stack spacing={2.5}>
              <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
                <SelectField
                  native
                  label="Product"
                  required
                  value={draft.productId}
                  onChange={set('productId', '/product_id')}
                  error={Boolean(productError)}
                  helperText={
                    productError ??
                    (products.data?.products.length === 0
                      ? 'No products yet: create one on the Products tab first.'
                      : products.data?.more
                        ? 'The first 100 products of the catalog.'
                        : undefined)
                  }
                  emptyChoice={products.isLoading ? 'Loading products…' : 'Choose a product'}
                  choices={(products.data?.products ?? []).map((product) => ({
                    value: product.id,
                    label: `${product.name} (${product.id})`,
                  }))}
                  keepUnlistedValue
                  testId="plan-product"
                  inputAttributes={{ 'data-pointer': '/product_id' }}
                  sx={{ minWidth: 320, flexGrow: 1 }}
                />
                <SelectField
                  native
                  label="Status"
                  value={draft.status}
                  onChange={(status) => set('status', '/status')(status as PlanDraft['status'])}
                  helperText={draft.status === 'ACTIVE' ? 'Takes subscriptions now' : 'Activate it later'}
                  choices={['ACTIVE', 'CREATED']}
                  testId="plan-status"
                  sx={{ width: 150 }}
                />
              </Stack>
              {products.error ? (
                <ApiErrorAlert error={products.error} title="The products could not be listed" />
              ) : null}
              {text({
                pointer: '/name',
                label: 'Name',
                value: draft.name,
                onChange: set('name', '/name'),
                testId: 'plan-name',
                required: true,
              })}
              {text({
                pointer: '/description',
                label: 'Description',
                value: draft.description,
                onChange: set('description', '/description'),
                testId: 'plan-description',
              })}

              <Section
                title="Billing cycles"
                frame="none"
                level="subsection"
                action={
                  <SelectField
                    native
                    label="Currency"
                    value={draft.currency}
                    onChange={set('currency', '/billing_cycles')}
                    choices={CURRENCIES}
                    testId="plan-currency"
                    sx={{ width: 110 }}
                  />
                }
              >
                <CycleBuilder
                  draft={draft}
                  errorOf={problems.errorOf}
                  onChange={(key, change, pointer) => update(pointer, (d) => updateCycle(d, key, change))}
                  onAddTrial={() => update('/billing_cycles', addTrial)}
                  onRemove={(key) => update('/billing_cycles', (d) => removeCycle(d, key))}
                />
                {/* Rules across cycles (one free trial, one currency) show at once: no single input is to blame. */}
                {(problems.errorOf('/billing_cycles') ?? validation.fields['/billing_cycles']) ? (
                  <Alert severity="error" sx={{ mt: 1 }} data-testid="billing-cycles-problem">
                    {problems.errorOf('/billing_cycles') ?? validation.fields['/billing_cycles']}
                  </Alert>
                ) : null}
              </Section>

              <Divider />
              <Section title="Payment preferences" frame="none" level="subsection">
                <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
                  {text({
                    pointer: '/payment_preferences/setup_fee/value',
                    label: `Setup fee (${draft.currency})`,
                    value: draft.setupFee,
                    onChange: set('setupFee', '/payment_preferences/setup_fee/value'),
                    testId: 'plan-setup-fee',
                    helper: 'Charged when the subscription starts; empty for none',
                    width: 220,
                    mono: true,
                  })}
                  <SelectField
                    native
                    label="If the setup fee fails"
                    value={draft.setupFeeFailureAction}
                    onChange={(action) =>
                      set(
                        'setupFeeFailureAction',
                        '/payment_preferences/setup_fee_failure_action',
                      )(action as PlanDraft['setupFeeFailureAction'])
                    }
                    choices={[
                      { value: 'CONTINUE', label: 'CONTINUE (activate anyway)' },
                      { value: 'CANCEL', label: 'CANCEL the subscription' },
                    ]}
                    testId="plan-setup-fee-action"
                    sx={{ width: 220 }}
                  />
                  {text({
                    pointer: '/payment_preferences/payment_failure_threshold',
                    label: 'Suspend after failed payments',
                    value: draft.paymentFailureThreshold,
                    onChange: set(
                      'paymentFailureThreshold',
                      '/payment_preferences/payment_failure_threshold',
                    ),
                    testId: 'plan-failure-threshold',
                    helper: '0 never suspends',
                    width: 220,
                  })}
                </Stack>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={draft.autoBillOutstanding}
                      onChange={(e) =>
                        set(
                          'autoBillOutstanding',
                          '/payment_preferences/auto_bill_outstanding',
                        )(e.target.checked)
                      }
                      slotProps={{ input: { 'data-testid': 'plan-auto-bill' } as object }}
                    />
                  }
                  label="Bill the outstanding balance with the next cycle"
                />
              </Section>

              <Section title="Taxes and quantity" frame="none" level="subsection">
                <Stack
                  direction="row"
                  spacing={2}
                  sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 1 }}
                >
                  {text({
                    pointer: '/taxes/percentage',
                    label: 'Tax %',
                    value: draft.taxPercentage,
                    onChange: set('taxPercentage', '/taxes/percentage'),
                    testId: 'plan-tax',
                    helper: 'e.g. 8.25; empty for none',
                    width: 160,
                    mono: true,
                  })}
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={draft.taxInclusive}
                        onChange={(e) => set('taxInclusive', '/taxes/inclusive')(e.target.checked)}
                        slotProps={{ input: { 'data-testid': 'plan-tax-inclusive' } as object }}
                      />
                    }
                    label="Prices include the tax"
                  />
                  <FormControlLabel
                    control={
                      <Checkbox
                        checked={draft.quantitySupported}
                        onChange={(e) => set('quantitySupported', '/quantity_supported')(e.target.checked)}
                        slotProps={{ input: { 'data-testid': 'plan-quantity-supported' } as object }}
                      />
                    }
                    label="Subscribers choose a quantity"
                  />
                </Stack>
              </Section>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }} sx={{ minWidth: 0 }}>
            {/* Sticky: the preview stays in view while the cycles are edited further down. */}
            <Section
              title="Schedule"
              frame="outlined"
              testId="plan-form-schedule"
              sx={{ position: 'sticky', top: 0 }}
            >
              <SchedulePreview plan={schedule} start={now} testId="plan-schedule" />
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                As a subscription starting now (simulated time) would be billed.
              </Typography>
            </Section>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel="Create plan"
        pendingLabel="Creating…"
        call={create}
        failedTitle="The API refused the plan"
        errorTestId="plan-form-error"
        testId="plan-form-submit"
      >
        <Box sx={{ flexGrow: 1 }}>
          {validation.count > 0 && problems.shown ? (
            <Typography variant="body2" color="error" data-testid="plan-form-problem-count">
              {validation.count} problem{validation.count === 1 ? '' : 's'} to fix
            </Typography>
          ) : null}
        </Box>
        <Button
          onClick={() =>
            openInConsole({
              method: 'POST',
              path: PLANS_PATH,
              headers: { Prefer: 'return=representation', 'Svc-Request-Id': newRequestId() },
              body: JSON.stringify(body, null, 2),
            })
          }
        >
          Open in console
        </Button>
      </DialogButtons>
    </DialogFormFrame>
  );
}
