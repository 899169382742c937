import DialogContent from '@mui/material/DialogContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MERCHANT_CANCEL_PATH, MERCHANT_RETURN_PATH } from '../../../../shared/api/sandbox/merchant-pages';
import { DateTimeSchema, QuantitySchema } from '../../../../shared/api/subscriptions';
import { newRequestId } from '../../api/api-call';
import { useHostInfo } from '../../api/use-host-info';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { Section } from '../../components/section';
import { createSubscription, type Plan } from './billing-api';
import { useClockNow, usePlan } from './billing-queries';
import { SchedulePreview } from './schedule-preview';
import { usePlanChoices } from './use-plan-choices';
import { useFormProblems } from './use-form-problems';
import { useCreateCall } from './use-create-call';
import { draftTextFields } from './pointer-text-field';
import { DialogButtons } from '../../components/dialog-buttons';
import { DialogFormFrame } from '../../components/dialog-form-frame';
import { SelectField } from '../../components/select-field';

interface SubscriptionDraft {
  planId: string;
  quantity: string;
  /** Empty: the subscription starts when the buyer approves it (now, on the simulated clock). */
  startTime: string;
  givenName: string;
  surname: string;
  email: string;
  brandName: string;
  returnUrl: string;
  cancelUrl: string;
  customId: string;
}

const initialDraft = (planId: string): SubscriptionDraft => ({
  planId,
  quantity: '1',
  startTime: '',
  givenName: 'John',
  surname: 'Doe',
  email: 'buyer@example.com',
  brandName: '',
  // Filled in with the host's own merchant pages once the host's address is known.
  returnUrl: '',
  cancelUrl: '',
  customId: '',
});

function subscriptionBody(draft: SubscriptionDraft, plan: Plan | undefined) {
  const subscriber = {
    ...(draft.givenName.trim() || draft.surname.trim()
      ? {
          name: {
            ...(draft.givenName.trim() ? { given_name: draft.givenName.trim() } : {}),
            ...(draft.surname.trim() ? { surname: draft.surname.trim() } : {}),
          },
        }
      : {}),
    ...(draft.email.trim() ? { email_address: draft.email.trim() } : {}),
  };
  return {
    plan_id: draft.planId,
    ...(plan?.quantity_supported ? { quantity: draft.quantity.trim() } : {}),
    ...(draft.startTime.trim() ? { start_time: draft.startTime.trim() } : {}),
    ...(Object.keys(subscriber).length > 0 ? { subscriber } : {}),
    ...(draft.customId.trim() ? { custom_id: draft.customId.trim() } : {}),
    application_context: {
      ...(draft.brandName.trim() ? { brand_name: draft.brandName.trim() } : {}),
      user_action: 'SUBSCRIBE_NOW',
      return_url: draft.returnUrl.trim(),
      cancel_url: draft.cancelUrl.trim(),
    },
  };
}

function draftProblems(draft: SubscriptionDraft, plan: Plan | undefined, now: string | undefined) {
  const problems: Record<string, string> = {};
  if (!draft.planId) problems['/plan_id'] = 'Choose an ACTIVE plan.';
  if (plan?.quantity_supported && !QuantitySchema.safeParse(draft.quantity.trim()).success)
    problems['/quantity'] = 'A whole number from 1.';
  const start = draft.startTime.trim();
  if (start) {
    const parsed = DateTimeSchema.safeParse(start);
    if (!parsed.success) problems['/start_time'] = parsed.error.issues[0]?.message ?? 'Not a date-time.';
    else if (now && Date.parse(start) < Date.parse(now))
      problems['/start_time'] = 'It cannot be in the past.';
  }
  if (draft.email.trim() && !/^[^@\s]+@[^@\s]+$/.test(draft.email.trim()))
    problems['/subscriber/email_address'] = 'An e-mail address.';
  for (const [pointer, value] of [
    ['/application_context/return_url', draft.returnUrl],
    ['/application_context/cancel_url', draft.cancelUrl],
  ] as const) {
    if (!/^https?:\/\/\S+$/.test(value.trim())) problems[pointer] = 'An http(s) URL the buyer comes back to.';
  }
  return problems;
}

/**
 * The create-subscription form: an ACTIVE plan, the quantity when the plan takes one, when it starts,
 * the subscriber and where the buyer returns to; beside it, the schedule the buyer will be shown. The
 * answer is APPROVAL_PENDING with an `approve` link to the buyer page.
 */
export function SubscriptionForm({
  planId,
  onClose,
  onCreated,
}: {
  planId?: string | undefined;
  onClose(): void;
  onCreated(id: string): void;
}) {
  const now = useClockNow();
  const plans = usePlanChoices({ activeOnly: true });
  const [draft, setDraft] = useState(() => initialDraft(planId ?? ''));
  // The buyer comes back to a page of this host that shows what the platform handed back, not to a site
  // that does not exist; set once, so a URL the user typed is never replaced.
  const hostBase = useHostInfo((info) => info.embedded_base_url).data;
  const urlsSet = useRef(false);
  useEffect(() => {
    if (!hostBase || urlsSet.current) return;
    urlsSet.current = true;
    setDraft((d) => ({
      ...d,
      returnUrl: d.returnUrl || hostBase + MERCHANT_RETURN_PATH,
      cancelUrl: d.cancelUrl || hostBase + MERCHANT_CANCEL_PATH,
    }));
  }, [hostBase]);
  const [requestId] = useState(newRequestId);
  const plan = usePlan(draft.planId || undefined);
  const local = useMemo(() => draftProblems(draft, plan.data, now), [draft, plan.data, now]);
  const problems = useFormProblems(local);
  const { call: create, submit } = useCreateCall({
    problems,
    create: () => createSubscription(subscriptionBody(draft, plan.data), requestId),
    notice: (subscription) => `Subscription ${subscription.id} created: ${subscription.status}`,
    onCreated,
  });

  const field = draftTextFields(problems, draft, setDraft, { shrinkLabel: true });

  const planError = problems.errorOf('/plan_id');
  const choices = plans.data ?? [];
  const quantity = plan.data?.quantity_supported ? Number(draft.quantity) : 1;
  return (
    <DialogFormFrame
      title="Create subscription"
      titleId="subscription-form-title"
      onSubmit={submit}
      testId="subscription-form"
    >
      <DialogContent dividers>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
            <Stack spacing={2}>
              <SelectField
                native
                label="Plan"
                value={draft.planId}
                onChange={(planId) => {
                  problems.touch('/plan_id');
                  setDraft((d) => ({ ...d, planId }));
                }}
                error={Boolean(planError)}
                helperText={
                  planError ??
                  (plans.data && choices.length === 0
                    ? 'No ACTIVE plan yet: create or activate one first.'
                    : undefined)
                }
                emptyChoice={plans.isLoading ? 'Loading plans…' : 'Choose a plan'}
                choices={choices.map((p) => ({ value: p.id, label: `${p.name} (${p.id})` }))}
                keepUnlistedValue
                testId="subscription-plan"
                inputAttributes={{ 'data-pointer': '/plan_id' }}
              />
              {plans.error ? (
                <ApiErrorAlert error={plans.error} title="The plans could not be listed" />
              ) : null}
              <Stack direction="row" spacing={2}>
                {plan.data?.quantity_supported
                  ? field('quantity', '/quantity', 'Quantity', 'subscription-quantity', { width: 120 })
                  : null}
                {field('startTime', '/start_time', 'Start time', 'subscription-start-time', {
                  helper: 'RFC 3339, e.g. 2026-05-15T12:00:00Z; empty: when the buyer approves',
                  placeholder: now ?? '',
                  mono: true,
                })}
              </Stack>
              <Section title="Subscriber" frame="none" level="subsection">
                <Stack spacing={2}>
                  <Stack direction="row" spacing={2}>
                    {field('givenName', '/subscriber/name/given_name', 'Given name', 'subscriber-given-name')}
                    {field('surname', '/subscriber/name/surname', 'Surname', 'subscriber-surname')}
                  </Stack>
                  {field('email', '/subscriber/email_address', 'E-mail', 'subscriber-email', {
                    helper: 'buyer@example.com is the sandbox buyer the approval page signs in as',
                  })}
                </Stack>
              </Section>
              <Section title="Buyer approval" frame="none" level="subsection">
                <Stack spacing={2}>
                  {field('brandName', '/application_context/brand_name', 'Brand name', 'subscription-brand')}
                  {field(
                    'returnUrl',
                    '/application_context/return_url',
                    'Return URL',
                    'subscription-return-url',
                  )}
                  {field(
                    'cancelUrl',
                    '/application_context/cancel_url',
                    'Cancel URL',
                    'subscription-cancel-url',
                  )}
                  {field('customId', '/custom_id', 'Custom id', 'subscription-custom-id', {
                    helper: 'Your own reference; optional',
                  })}
                </Stack>
              </Section>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }} sx={{ minWidth: 0 }}>
            <Section title="What the buyer agrees to" frame="outlined">
              {plan.data ? (
                <SchedulePreview
                  plan={plan.data}
                  start={draft.startTime.trim() && !local['/start_time'] ? draft.startTime.trim() : now}
                  quantity={Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 1}
                  testId="subscription-schedule"
                />
              ) : (
                <Typography color="text.secondary">Choose a plan to see its schedule.</Typography>
              )}
            </Section>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel="Create subscription"
        pendingLabel="Creating…"
        call={create}
        failedTitle="The API refused the subscription"
        errorTestId="subscription-form-error"
        testId="subscription-form-submit"
      />
    </DialogFormFrame>
  );
}
