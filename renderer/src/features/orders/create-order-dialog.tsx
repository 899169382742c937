import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useUi } from '../../app/ui-store';
import { bridge } from '../../bridge';
import { JsonView } from '../../components/json-view';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { ApiCallError, callApi, newRequestId } from '../../api/api-call';
import { ordersPath } from './order-actions';
import {
  CATEGORIES,
  CURRENCIES,
  MAX_ITEMS,
  MAX_UNITS,
  buildBody,
  formatMinor,
  initialDraft,
  lineTotal,
  newItem,
  newUnit,
  ptr,
  serverProblems,
  testCard,
  unitTotals,
  validateDraft,
  type Category,
  type ItemDraft,
  type OrderDraft,
  type SourceKind,
  type UnitDraft,
} from './order-form-model';
import { MONO } from '../../components/mono-font';

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

interface FieldOptions {
  pointer: string;
  testId: string;
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder?: string;
  width?: number | string;
  inputMode?: 'decimal' | 'numeric' | 'text' | 'url';
  required?: boolean;
  helper?: ReactNode;
  mono?: boolean;
}

function CreateOrderForm({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const queryClient = useQueryClient();
  const notify = useUi((s) => s.notify);
  const openInConsole = useUi((s) => s.openInConsole);
  const info = useQuery({ queryKey: ['info'], queryFn: () => bridge.getInfo({}) });
  const now = info.data ? new Date(info.data.clock.now) : undefined;

  const [draft, setDraft] = useState<OrderDraft>(initialDraft);
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
      void queryClient.invalidateQueries({ queryKey: ['resources'] });
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
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}
      data-testid="create-order-form"
    >
      <DialogTitle id="create-order-title">Create order</DialogTitle>
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
            <TextField
              select
              label="Currency"
              size="small"
              value={draft.currency}
              onChange={(e) => update('/currency', (d) => ({ ...d, currency: e.target.value }))}
              sx={{ width: 130 }}
              slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'currency' } }}
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </TextField>
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
      {create.error ? (
        <Box sx={{ px: 3, pt: 1.5, maxHeight: 220, overflowY: 'auto', flexShrink: 0 }}>
          <ApiErrorAlert
            error={create.error}
            title="The API refused the order"
            onClose={() => create.reset()}
            testId="create-order-error"
          />
        </Box>
      ) : null}
      <DialogActions sx={{ px: 3, py: 1.5, gap: 1 }}>
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
        <Button onClick={onClose}>Cancel</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!valid || create.isPending}
          data-testid="create-order-submit"
        >
          {create.isPending ? 'Creating…' : 'Create order'}
        </Button>
      </DialogActions>
    </Box>
  );
}

// ---- a purchase unit --------------------------------------------------------------------------------

type FieldFn = (o: FieldOptions) => ReactNode;

function UnitEditor({
  index: u,
  unit,
  unitCount,
  currency,
  field,
  errorOf,
  onRemove,
  onUnit,
  onItem,
}: {
  index: number;
  unit: UnitDraft;
  unitCount: number;
  currency: string;
  field: FieldFn;
  errorOf(pointer: string, value?: string): string | undefined;
  onRemove(): void;
  onUnit(pointer: string, change: (unit: UnitDraft) => UnitDraft): void;
  onItem(i: number, pointer: string, change: (item: ItemDraft) => ItemDraft): void;
}) {
  const totals = unitTotals(unit, currency);
  const amountError = errorOf(ptr.amount(u));
  const itemTotalError = errorOf(ptr.itemTotal(u));
  const ship = unit.shipTo;
  const setShip = (pointer: string, patch: Partial<UnitDraft['shipTo']>) =>
    onUnit(pointer, (x) => ({ ...x, shipTo: { ...x.shipTo, ...patch } }));

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`unit-${u}`}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
          Purchase unit {u + 1}
        </Typography>
        {unitCount > 1 ? (
          <Button size="small" color="error" onClick={onRemove} data-testid={`unit-${u}-remove`}>
            Remove unit
          </Button>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        {field({
          pointer: ptr.referenceId(u),
          testId: `unit-${u}-reference-id`,
          label: unitCount > 1 ? 'Reference id' : 'Reference id (optional)',
          required: unitCount > 1,
          value: unit.referenceId,
          onChange: (v) => onUnit(ptr.referenceId(u), (x) => ({ ...x, referenceId: v })),
          helper: unitCount > 1 ? undefined : 'Left empty, it is "default".',
          width: 260,
          mono: true,
        })}
        {field({
          pointer: ptr.description(u),
          testId: `unit-${u}-description`,
          label: 'Description',
          value: unit.description,
          onChange: (v) => onUnit(ptr.description(u), (x) => ({ ...x, description: v })),
        })}
      </Stack>

      {/* items */}
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Items
      </Typography>
      <Stack spacing={1.5}>
        {unit.items.map((item, i) => (
          <Box
            key={item.key}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'minmax(160px, 1fr) 96px 150px 176px 130px 36px',
              gap: 1.5,
              alignItems: 'start',
            }}
            data-testid={`unit-${u}-item-${i}`}
          >
            {field({
              pointer: ptr.itemName(u, i),
              testId: `unit-${u}-item-${i}-name`,
              label: 'Name',
              required: true,
              value: item.name,
              onChange: (v) => onItem(i, ptr.itemName(u, i), (x) => ({ ...x, name: v })),
            })}
            {field({
              pointer: ptr.itemQuantity(u, i),
              testId: `unit-${u}-item-${i}-quantity`,
              label: 'Quantity',
              required: true,
              value: item.quantity,
              inputMode: 'numeric',
              onChange: (v) => onItem(i, ptr.itemQuantity(u, i), (x) => ({ ...x, quantity: v })),
            })}
            {field({
              pointer: ptr.itemUnitAmount(u, i),
              testId: `unit-${u}-item-${i}-unit-amount`,
              label: 'Unit amount',
              required: true,
              value: item.unitAmount,
              inputMode: 'decimal',
              placeholder: '0.00',
              onChange: (v) => onItem(i, ptr.itemUnitAmount(u, i), (x) => ({ ...x, unitAmount: v })),
            })}
            <TextField
              select
              label="Category"
              size="small"
              value={item.category}
              onChange={(e) =>
                onItem(i, ptr.itemCategory(u, i), (x) => ({ ...x, category: e.target.value as Category }))
              }
              error={Boolean(errorOf(ptr.itemCategory(u, i)))}
              helperText={
                errorOf(ptr.itemCategory(u, i)) ??
                (item.category === 'DONATION' ? 'The payee needs permission for donations.' : undefined)
              }
              slotProps={{
                select: { native: true },
                inputLabel: { shrink: true },
                formHelperText: { sx: { overflowWrap: 'anywhere' } },
                htmlInput: { 'data-testid': `unit-${u}-item-${i}-category` },
              }}
            >
              <option value="">(none)</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </TextField>
            <Typography
              variant="body2"
              sx={{ pt: 1, textAlign: 'right', fontFamily: MONO }}
              data-testid={`unit-${u}-item-${i}-line-total`}
            >
              {formatMinor(lineTotal(item, currency), currency)}
            </Typography>
            <Tooltip title="Remove item">
              <span>
                <IconButton
                  size="small"
                  aria-label={`Remove item ${i + 1}`}
                  onClick={() =>
                    onUnit(ptr.item(u, i), (x) => ({
                      ...x,
                      items: x.items.filter((_, index) => index !== i),
                    }))
                  }
                  data-testid={`unit-${u}-item-${i}-remove`}
                  sx={{ mt: 0.5 }}
                >
                  ✕
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        ))}
      </Stack>
      <Button
        size="small"
        sx={{ mt: 1 }}
        disabled={unit.items.length >= MAX_ITEMS}
        onClick={() =>
          onUnit(ptr.item(u, unit.items.length), (x) => ({ ...x, items: [...x.items, newItem()] }))
        }
        data-testid={`unit-${u}-add-item`}
      >
        + Add item
      </Button>

      {/* amounts */}
      <Box sx={{ display: 'flex', gap: 3, mt: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        {unit.items.length === 0 ? (
          field({
            pointer: ptr.amount(u),
            testId: `unit-${u}-amount-input`,
            label: `Amount (${currency})`,
            required: true,
            value: unit.amount,
            inputMode: 'decimal',
            width: 200,
            helper: 'Without items the amount is given directly (no breakdown).',
            onChange: (v) => onUnit(ptr.amount(u), (x) => ({ ...x, amount: v })),
          })
        ) : (
          <>
            {field({
              pointer: ptr.shipping(u),
              testId: `unit-${u}-shipping`,
              label: `Shipping (${currency})`,
              value: unit.shipping,
              inputMode: 'decimal',
              placeholder: '0.00',
              width: 170,
              onChange: (v) => onUnit(ptr.shipping(u), (x) => ({ ...x, shipping: v })),
            })}
            {field({
              pointer: ptr.discount(u),
              testId: `unit-${u}-discount`,
              label: `Discount (${currency})`,
              value: unit.discount,
              inputMode: 'decimal',
              placeholder: '0.00',
              width: 170,
              onChange: (v) => onUnit(ptr.discount(u), (x) => ({ ...x, discount: v })),
            })}
            <Box sx={{ flexGrow: 1 }} />
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'auto auto',
                columnGap: 3,
                rowGap: 0.25,
                fontFamily: MONO,
                fontSize: 13.5,
              }}
              data-testid={`unit-${u}-breakdown`}
            >
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                item_total
              </Box>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid={`unit-${u}-item-total`}>
                {formatMinor(totals.itemTotal, currency)}
              </Box>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                + shipping
              </Box>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {formatMinor(totals.shipping, currency)}
              </Box>
              <Box component="dt" sx={{ color: 'text.secondary' }}>
                − discount
              </Box>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {formatMinor(totals.discount, currency)}
              </Box>
              <Box component="dt" sx={{ fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 0.25 }}>
                amount
              </Box>
              <Box
                component="dd"
                sx={{
                  m: 0,
                  textAlign: 'right',
                  fontWeight: 700,
                  borderTop: 1,
                  borderColor: 'divider',
                  pt: 0.25,
                }}
                data-testid={`unit-${u}-amount`}
              >
                {formatMinor(totals.amount, currency)}
              </Box>
            </Box>
          </>
        )}
      </Box>
      {unit.items.length > 0 && (amountError || itemTotalError) ? (
        <Typography
          variant="caption"
          color="error"
          sx={{ display: 'block', textAlign: 'right', mt: 0.5 }}
          data-testid={`unit-${u}-amount-error`}
        >
          {amountError ?? itemTotalError}
        </Typography>
      ) : null}

      {/* shipping address */}
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox
            size="small"
            checked={ship.enabled}
            onChange={(e) => setShip(`/purchase_units/${u}/shipping`, { enabled: e.target.checked })}
            slotProps={{ input: { 'data-testid': `unit-${u}-ship-to` } as object }}
          />
        }
        label="Ship to an address"
      />
      <Collapse in={ship.enabled} unmountOnExit>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1.2fr 1.6fr 1fr 0.8fr 0.6fr', gap: 1.5, mt: 1 }}>
          {field({
            pointer: ptr.shipName(u),
            testId: `unit-${u}-ship-name`,
            label: 'Full name',
            value: ship.fullName,
            onChange: (v) => setShip(ptr.shipName(u), { fullName: v }),
          })}
          {field({
            pointer: ptr.shipAddress(u, 'address_line_1'),
            testId: `unit-${u}-ship-line1`,
            label: 'Address line 1',
            value: ship.addressLine1,
            onChange: (v) => setShip(ptr.shipAddress(u, 'address_line_1'), { addressLine1: v }),
          })}
          {field({
            pointer: ptr.shipAddress(u, 'admin_area_2'),
            testId: `unit-${u}-ship-city`,
            label: 'City',
            value: ship.city,
            onChange: (v) => setShip(ptr.shipAddress(u, 'admin_area_2'), { city: v }),
          })}
          {field({
            pointer: ptr.shipAddress(u, 'postal_code'),
            testId: `unit-${u}-ship-postal-code`,
            label: 'Postal code',
            value: ship.postalCode,
            onChange: (v) => setShip(ptr.shipAddress(u, 'postal_code'), { postalCode: v }),
          })}
          {field({
            pointer: ptr.shipAddress(u, 'country_code'),
            testId: `unit-${u}-ship-country`,
            label: 'Country',
            required: true,
            value: ship.countryCode,
            onChange: (v) => setShip(ptr.shipAddress(u, 'country_code'), { countryCode: v }),
          })}
        </Box>
      </Collapse>
    </Paper>
  );
}

// ---- the payment source -----------------------------------------------------------------------------

const SOURCE_LABELS: Record<SourceKind, { label: string; hint: string }> = {
  none: { label: 'None', hint: 'The order is CREATED; the buyer approves it on the approval page.' },
  wallet: {
    label: 'Wallet',
    hint: 'payment_source.svc with return and cancel URLs: the order is PAYER_ACTION_REQUIRED until the buyer acts.',
  },
  card: {
    label: 'Card',
    hint: 'The card is the approval: the order is APPROVED at once (needs a Svc-Request-Id, which is sent).',
  },
};

function PaymentSourceEditor({
  draft,
  field,
  now,
  onSource,
  onWallet,
  onCard,
}: {
  draft: OrderDraft;
  field: FieldFn;
  now: Date | undefined;
  onSource(source: SourceKind): void;
  onWallet(pointer: string, change: (wallet: OrderDraft['wallet']) => OrderDraft['wallet']): void;
  onCard(pointer: string, change: (card: OrderDraft['card']) => OrderDraft['card']): void;
}) {
  return (
    <Box>
      <FormLabel id="payment-source-label" sx={{ fontSize: 13 }}>
        Payment source
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby="payment-source-label"
        value={draft.source}
        onChange={(e) => onSource(e.target.value as SourceKind)}
      >
        {(Object.keys(SOURCE_LABELS) as SourceKind[]).map((kind) => (
          <FormControlLabel
            key={kind}
            value={kind}
            label={SOURCE_LABELS[kind].label}
            control={
              <Radio
                size="small"
                slotProps={{ input: { 'data-testid': `payment-source-${kind}` } as object }}
              />
            }
          />
        ))}
      </RadioGroup>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 1.5 }}>
        {SOURCE_LABELS[draft.source].hint}
      </Typography>
      {draft.source === 'wallet' ? (
        <Stack direction="row" spacing={2}>
          {field({
            pointer: '/payment_source/svc/experience_context/return_url',
            testId: 'wallet-return-url',
            label: 'Return URL',
            value: draft.wallet.returnUrl,
            inputMode: 'url',
            onChange: (v) =>
              onWallet('/payment_source/svc/experience_context/return_url', (w) => ({ ...w, returnUrl: v })),
          })}
          {field({
            pointer: '/payment_source/svc/experience_context/cancel_url',
            testId: 'wallet-cancel-url',
            label: 'Cancel URL',
            value: draft.wallet.cancelUrl,
            inputMode: 'url',
            onChange: (v) =>
              onWallet('/payment_source/svc/experience_context/cancel_url', (w) => ({ ...w, cancelUrl: v })),
          })}
        </Stack>
      ) : null}
      {draft.source === 'card' ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          {field({
            pointer: ptr.cardNumber,
            testId: 'card-number',
            label: 'Card number',
            required: true,
            value: draft.card.number,
            inputMode: 'numeric',
            width: 240,
            mono: true,
            onChange: (v) => onCard(ptr.cardNumber, (c) => ({ ...c, number: v })),
          })}
          {field({
            pointer: ptr.cardExpiry,
            testId: 'card-expiry',
            label: 'Expiry',
            required: true,
            placeholder: 'YYYY-MM',
            value: draft.card.expiry,
            width: 150,
            mono: true,
            onChange: (v) => onCard(ptr.cardExpiry, (c) => ({ ...c, expiry: v })),
          })}
          {field({
            pointer: ptr.cardName,
            testId: 'card-name',
            label: 'Name on card',
            value: draft.card.name,
            width: 240,
            onChange: (v) => onCard(ptr.cardName, (c) => ({ ...c, name: v })),
          })}
          <Button
            size="small"
            sx={{ mt: 0.75, whiteSpace: 'nowrap' }}
            onClick={() => onCard(ptr.cardNumber, () => testCard(now ?? new Date()))}
            data-testid="card-use-test"
          >
            Use test card
          </Button>
        </Stack>
      ) : null}
    </Box>
  );
}
