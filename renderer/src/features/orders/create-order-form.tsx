import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useUi } from '../../app/ui-store';
import { bridge } from '../../bridge';
import { JsonView } from '../../components/json-view';
import { ApiCallError, callApi, newRequestId } from '../../api/api-call';
import { ordersPath } from './orders-api';
import {
  CURRENCIES,
  MAX_UNITS,
  buildBody,
  initialDraft,
  newUnit,
  ptr,
  serverProblems,
  validateDraft,
  type ItemDraft,
  type OrderDraft,
  type UnitDraft,
} from './order-form-model';
import { MONO } from '../../components/mono-font';
import type { FieldOptions } from './form-field';
import { PaymentSourceEditor } from './payment-source-fields';
import { UnitEditor } from './unit-editor';
import { queryKeys } from '../../api/query-keys';
import { DialogFormFrame } from '../../components/dialog-form-frame';
import { DialogButtons } from '../../components/dialog-buttons';
import { SelectField } from '../../components/select-field';

/** The create-order form: the dialog's content, from title to actions. */
export function CreateOrderForm({
  onClose,
  onCreated,
  initial,
}: {
  onClose(): void;
  onCreated(id: string): void;
  /** The draft to start from (the vault view opens it charging a payment token). */
  initial?: OrderDraft | undefined;
}) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const openInConsole = useUi((s) => s.openInConsole);
  const info = useQuery({ queryKey: queryKeys.info, queryFn: () => bridge.getInfo({}) });
  const now = info.data ? new Date(info.data.clock.now) : undefined;

  const [draft, setDraft] = useState<OrderDraft>(() => initial ?? initialDraft());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [showBody, setShowBody] = useState(false);

  const body = useMemo(() => buildBody(draft), [draft]);
  const nowIso = info.data?.clock.now;
  const validation = useMemo(
    () => validateDraft(draft, nowIso ? new Date(nowIso) : undefined),
    [draft, nowIso],
  );
  const valid = validation.count === 0;

  const create = useMutation({
    mutationFn: () =>
      callApi({
        method: 'POST',
        path: ordersPath,
        headers: { Prefer: 'return=representation', 'Svc-Request-Id': newRequestId() },
        body,
      }),
    onMutate: () => setServerFields({}),
    onSuccess: (response) => {
      const order = response.body as { id: string; status: string };
      notify(`Order ${order.id} created: ${order.status}`, 'success');
      void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      onCreated(order.id);
    },
    onError: (error) => {
      if (error instanceof ApiCallError) setServerFields(serverProblems(error.details).fields);
    },
  });

  // ---- editing ----
  const touch = (pointer: string) => {
    setTouched((current) => (current.has(pointer) ? current : new Set(current).add(pointer)));
    setServerFields((current) => {
      if (!(pointer in current)) return current;
      const { [pointer]: _gone, ...rest } = current;
      return rest;
    });
  };
  const update = (pointer: string, change: (draft: OrderDraft) => OrderDraft) => {
    touch(pointer);
    setDraft(change);
  };
  const mapUnit = (u: number, change: (unit: UnitDraft) => UnitDraft) => (d: OrderDraft) => ({
    ...d,
    units: d.units.map((unit, index) => (index === u ? change(unit) : unit)),
  });
  const mapItem = (u: number, i: number, change: (item: ItemDraft) => ItemDraft) =>
    mapUnit(u, (unit) => ({
      ...unit,
      items: unit.items.map((item, index) => (index === i ? change(item) : item)),
    }));

  /**
   * A field shows its problem once it was touched or has content (an empty required field stays quiet
   * until touched, or until "Show" is pressed); server problems always show.
   */
  const errorOf = (pointer: string, value?: string): string | undefined =>
    serverFields[pointer] ??
    (showAll || touched.has(pointer) || value === undefined || value.trim() !== ''
      ? validation.fields[pointer]
      : undefined);

  const field = (o: FieldOptions) => {
    const error = errorOf(o.pointer, o.value);
    return (
      <TextField
        label={o.label}
        size="small"
        value={o.value}
        required={o.required}
        placeholder={o.placeholder}
        onChange={(e) => o.onChange(e.target.value)}
        onBlur={() => touch(o.pointer)}
        error={Boolean(error)}
        helperText={error ?? o.helper}
        sx={{ width: o.width ?? '100%' }}
        slotProps={{
          formHelperText: { sx: { overflowWrap: 'anywhere' } },
          htmlInput: {
            'data-testid': o.testId,
            'data-pointer': o.pointer,
            'aria-invalid': Boolean(error),
            ...(o.inputMode ? { inputMode: o.inputMode } : {}),
            ...(o.mono ? { style: { fontFamily: MONO } } : {}),
          },
        }}
      />
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      setShowAll(true);
      return;
    }
    if (!create.isPending) create.mutate();
  };

  return (
    <DialogFormFrame
      title="Create order"
      titleId="create-order-title"
      onSubmit={submit}
      testId="create-order-form"
    >
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {/* intent and currency */}
          <Stack direction="row" spacing={4} sx={{ alignItems: 'flex-start', flexWrap: 'wrap', rowGap: 2 }}>
            <Box>
              <FormLabel id="intent-label" sx={{ fontSize: 13 }}>
                Intent
              </FormLabel>
              <RadioGroup
                row
                aria-labelledby="intent-label"
                value={draft.intent}
                onChange={(e) =>
                  update(ptr.intent, (d) => ({ ...d, intent: e.target.value as OrderDraft['intent'] }))
                }
              >
                {(['CAPTURE', 'AUTHORIZE'] as const).map((intent) => (
                  <FormControlLabel
                    key={intent}
                    value={intent}
                    label={intent}
                    control={
                      <Radio
                        size="small"
                        slotProps={{ input: { 'data-testid': `intent-${intent}` } as object }}
                      />
                    }
                  />
                ))}
              </RadioGroup>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 360 }}>
                {draft.intent === 'CAPTURE'
                  ? 'Money moves when the approved order is captured.'
                  : 'The approved order is authorized; captures come later from the authorization.'}
              </Typography>
            </Box>
            <SelectField
              native
              label="Currency"
              value={draft.currency}
              onChange={(currency) => update('/currency', (d) => ({ ...d, currency }))}
              choices={CURRENCIES}
              testId="currency"
              sx={{ width: 130 }}
            />
          </Stack>

          {/* purchase units */}
          {draft.units.map((unit, u) => (
            <UnitEditor
              key={unit.key}
              index={u}
              unit={unit}
              unitCount={draft.units.length}
              currency={draft.currency}
              field={field}
              errorOf={errorOf}
              onRemove={() =>
                update(ptr.units, (d) => ({ ...d, units: d.units.filter((_, index) => index !== u) }))
              }
              onUnit={(pointer, change) => update(pointer, mapUnit(u, change))}
              onItem={(i, pointer, change) => update(pointer, mapItem(u, i, change))}
            />
          ))}
          <Box>
            <Button
              onClick={() =>
                update(ptr.units, (d) => ({
                  ...d,
                  // More than one unit needs reference ids: name the unnamed ones.
                  units: [
                    ...d.units.map((x, i) =>
                      x.referenceId.trim() ? x : { ...x, referenceId: `unit-${i + 1}` },
                    ),
                    newUnit({ referenceId: `unit-${d.units.length + 1}` }),
                  ],
                }))
              }
              disabled={draft.units.length >= MAX_UNITS}
              data-testid="add-unit"
            >
              + Add purchase unit
            </Button>
            <Typography variant="caption" color="text.secondary">
              {draft.units.length} of {MAX_UNITS}
              {draft.units.length > 1 ? ' · each unit needs its own reference id' : ''}
            </Typography>
          </Box>

          <Divider />

          {/* payment source */}
          <PaymentSourceEditor
            draft={draft}
            field={field}
            now={now}
            onSource={(source) => update(ptr.paymentSource, (d) => ({ ...d, source }))}
            onWallet={(pointer, change) => update(pointer, (d) => ({ ...d, wallet: change(d.wallet) }))}
            onCard={(pointer, change) => update(pointer, (d) => ({ ...d, card: change(d.card) }))}
            onVault={(pointer, change) => update(pointer, (d) => ({ ...d, vault: change(d.vault) }))}
            onVaulted={(pointer, change) => update(pointer, (d) => ({ ...d, vaulted: change(d.vaulted) }))}
          />

          {validation.general.length > 0 && (showAll || touched.size > 0) ? (
            <Alert severity="warning" data-testid="create-order-problems">
              {validation.general.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </Alert>
          ) : null}

          <Box>
            <Button size="small" onClick={() => setShowBody((v) => !v)} data-testid="toggle-request-body">
              {showBody ? '▾ Hide request body' : '▸ Show request body'}
            </Button>
            <Collapse in={showBody} unmountOnExit>
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', mb: 0.5, fontFamily: MONO }}
              >
                POST {ordersPath} · Prefer: return=representation · Svc-Request-Id: (a new UUID per send)
              </Typography>
              <JsonView value={body} maxHeight={320} testId="create-order-body" />
            </Collapse>
          </Box>
        </Stack>
      </DialogContent>
      <DialogButtons
        onClose={onClose}
        submitLabel="Create order"
        pendingLabel="Creating…"
        disabled={!valid}
        call={create}
        failedTitle="The API refused the order"
        errorTestId="create-order-error"
        testId="create-order-submit"
      >
        <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          {valid ? (
            <Typography variant="body2" color="text.secondary" data-testid="create-order-valid">
              Ready to send.
            </Typography>
          ) : (
            <>
              <Typography variant="body2" color="error" data-testid="create-order-problem-count">
                {validation.count} problem{validation.count === 1 ? '' : 's'} to fix
              </Typography>
              {!showAll ? (
                <Button size="small" onClick={() => setShowAll(true)}>
                  Show
                </Button>
              ) : null}
            </>
          )}
        </Box>
        <Tooltip title="Open this request in the console to edit and send it by hand">
          <Button
            onClick={() => {
              openInConsole({
                method: 'POST',
                path: ordersPath,
                headers: { Prefer: 'return=representation', 'Svc-Request-Id': newRequestId() },
                body: JSON.stringify(body, null, 2),
              });
              onClose();
            }}
            data-testid="create-order-open-console"
          >
            Open in console
          </Button>
        </Tooltip>
      </DialogButtons>
    </DialogFormFrame>
  );
}
