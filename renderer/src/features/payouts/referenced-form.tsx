import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  ReferencedPayoutItemSchema,
  type ReferencedPayoutItemRequest,
} from '../../../../shared/api/referenced-payouts';
import { isSupportedCurrency, MoneyError, toMinor } from '../../../../shared/money';
import { linksOf } from '../../api/api-call';
import { queryKeys } from '../../api/query-keys';
import { navigate } from '../../app/router';
import { useUi } from '../../app/ui-store';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { MONO } from '../../components/mono-font';
import { Section } from '../../components/section';
import { bridge } from '../../bridge';
import { createReferencedBatch, createReferencedItem } from './payouts-api';
import { SelectField } from '../../components/select-field';

/**
 * Pays out against an earlier capture: one referenced item, sent to the item endpoint or as a batch of
 * one, synchronously or with `Prefer: respond-async`. The payee comes from the capture unless an
 * e-mail overrides it. Test ids: `referenced-<field>`, `referenced-submit`, `referenced-error`.
 */

interface Draft {
  reference_id: string;
  reference_type: 'TRANSACTION_ID' | 'OTHERS';
  value: string;
  currency: string;
  payee_email: string;
}

type Problems = Partial<Record<keyof Draft, string>>;

/** The shared request schema's word on the draft, then the money rules, as problems per field. */
function check(draft: Draft): Problems {
  const problems: Problems = {};
  const parsed = ReferencedPayoutItemSchema.safeParse(toRequest(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, sub] = issue.path;
      const field: keyof Draft =
        head === 'payout_amount'
          ? sub === 'currency_code'
            ? 'currency'
            : 'value'
          : ((head as keyof Draft) ?? 'reference_id');
      problems[field] ??= issue.message;
    }
  }
  const value = draft.value.trim();
  const currency = draft.currency.trim();
  if (value && !problems.currency && !isSupportedCurrency(currency))
    problems.currency = `${currency} is not supported.`;
  if (value && !problems.value && isSupportedCurrency(currency)) {
    try {
      if (toMinor(value, currency) <= 0n) problems.value = 'Must be more than zero.';
    } catch (error) {
      problems.value = error instanceof MoneyError ? error.message : String(error);
    }
  }
  return problems;
}

function toRequest(draft: Draft): ReferencedPayoutItemRequest {
  return {
    reference_id: draft.reference_id.trim(),
    reference_type: draft.reference_type,
    ...(draft.value.trim()
      ? { payout_amount: { currency_code: draft.currency.trim(), value: draft.value.trim() } }
      : {}),
    ...(draft.payee_email.trim() ? { payee_email: draft.payee_email.trim() } : {}),
  };
}

/** The id at the end of a `self` link (an async answer names the new resource only there). */
function idFromSelf(body: unknown): string | undefined {
  const self = linksOf(body).find((l) => l.rel === 'self');
  return self?.href.split('?')[0]?.split('/').filter(Boolean).pop();
}

export function ReferencedForm() {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const [draft, setDraft] = useState<Draft>({
    reference_id: '',
    reference_type: 'TRANSACTION_ID',
    value: '',
    currency: 'USD',
    payee_email: '',
  });
  const [endpoint, setEndpoint] = useState<'item' | 'batch'>('item');
  const [async, setAsync] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const problems = check(draft);
  const invalid = Object.keys(problems).length > 0;
  const captures = useQuery({
    queryKey: queryKeys.payouts.recentCaptures,
    queryFn: () => bridge.listResources({ kind: 'capture', page: 1, page_size: 20 }),
  });

  const create = useMutation({
    mutationFn: () =>
      endpoint === 'item'
        ? createReferencedItem(toRequest(draft), async)
        : createReferencedBatch([toRequest(draft)], async),
    onSuccess: (response) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      const body = response.body as {
        item_id?: string;
        payouts_batch_id?: string;
        batch_id?: string;
        id?: string;
        processing_state?: { status?: string };
      };
      if (endpoint === 'item') {
        const id = body.item_id ?? idFromSelf(body);
        notify(
          `Referenced payout item ${id ?? ''} ${response.status === 202 ? 'queued' : 'created'}`,
          'success',
        );
        if (id) navigate(`/referenced-payout-items/${encodeURIComponent(id)}`);
      } else {
        const id = body.payouts_batch_id ?? body.batch_id ?? body.id ?? idFromSelf(body);
        notify(
          `Referenced payout batch ${id ?? ''} ${response.status === 202 ? 'accepted' : 'created'}`,
          'success',
        );
        if (id) navigate(`/referenced-payouts/${encodeURIComponent(id)}`);
      }
    },
  });

  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const shown = (field: keyof Draft) => (submitted || draft[field] !== '' ? problems[field] : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!invalid) create.mutate();
  };

  return (
    <Section title="Pay out against a capture" testId="referenced-form">
      <form onSubmit={submit} noValidate>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label="Reference id"
              value={draft.reference_id}
              onChange={(e) => set('reference_id')(e.target.value)}
              error={!!shown('reference_id')}
              helperText={
                shown('reference_id') ?? 'A capture id (TRANSACTION_ID), or your own reference (OTHERS).'
              }
              size="small"
              required
              sx={{ flex: 2 }}
              slotProps={{
                htmlInput: {
                  'data-testid': 'referenced-reference_id',
                  list: 'referenced-captures',
                  style: { fontFamily: MONO },
                },
              }}
            />
            <datalist id="referenced-captures">
              {(captures.data?.items ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {`${c.status} ${c.amount ? `${c.amount.value} ${c.amount.currency_code}` : ''}`}
                </option>
              ))}
            </datalist>
            <SelectField
              native
              label="Reference type"
              value={draft.reference_type}
              onChange={set('reference_type')}
              choices={['TRANSACTION_ID', 'OTHERS']}
              testId="referenced-reference_type"
              sx={{ flex: 1 }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              label="Payout amount"
              value={draft.value}
              onChange={(e) => set('value')(e.target.value)}
              error={!!shown('value')}
              helperText={shown('value') ?? 'Optional: the capture decides when left empty.'}
              size="small"
              sx={{ flex: 1 }}
              slotProps={{
                htmlInput: {
                  'data-testid': 'referenced-value',
                  inputMode: 'decimal',
                  style: { fontFamily: MONO },
                },
              }}
            />
            <TextField
              label="Currency"
              value={draft.currency}
              onChange={(e) => set('currency')(e.target.value.toUpperCase())}
              error={!!shown('currency')}
              helperText={shown('currency') ?? ' '}
              size="small"
              sx={{ width: 110 }}
              slotProps={{
                htmlInput: {
                  'data-testid': 'referenced-currency',
                  maxLength: 3,
                  style: { fontFamily: MONO },
                },
              }}
            />
            <TextField
              label="Payee e-mail"
              value={draft.payee_email}
              onChange={(e) => set('payee_email')(e.target.value)}
              error={!!shown('payee_email')}
              helperText={shown('payee_email') ?? 'Optional: overrides the payee of the reference.'}
              size="small"
              sx={{ flex: 2 }}
              slotProps={{ htmlInput: { 'data-testid': 'referenced-payee_email' } }}
            />
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={endpoint}
              onChange={(_e, next: 'item' | 'batch' | null) => next && setEndpoint(next)}
            >
              <ToggleButton value="item" data-testid="referenced-endpoint-item">
                One item
              </ToggleButton>
              <ToggleButton value="batch" data-testid="referenced-endpoint-batch">
                Batch of one
              </ToggleButton>
            </ToggleButtonGroup>
            <FormControlLabel
              control={
                <Switch
                  size="small"
                  checked={async}
                  onChange={(e) => setAsync(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'referenced-async' } as object }}
                />
              }
              label="Prefer: respond-async"
            />
            <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1, fontFamily: MONO }}>
              POST{' '}
              {endpoint === 'item'
                ? '/v1/payments/referenced-payouts-items'
                : '/v1/payments/referenced-payouts'}
            </Typography>
            <Button
              type="submit"
              variant="contained"
              disabled={create.isPending || (submitted && invalid)}
              data-testid="referenced-submit"
            >
              {create.isPending ? 'Sending…' : 'Send'}
            </Button>
          </Stack>
          <ApiErrorAlert
            error={create.error}
            title="Not paid out"
            onClose={() => create.reset()}
            testId="referenced-error"
          />
        </Stack>
      </form>
    </Section>
  );
}
