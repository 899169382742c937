import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  CATEGORIES,
  MAX_ITEMS,
  lineTotal,
  newItem,
  ptr,
  unitTotals,
  type Category,
  type ItemDraft,
  type UnitDraft,
} from './order-form-model';
import { MONO } from '../../components/mono-font';
import { formatMinor } from '../../api/format';
import type { FieldFn } from './form-field';
import { SelectField } from '../../components/select-field';

// ---- a purchase unit --------------------------------------------------------------------------------

export function UnitEditor({
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
            <SelectField
              native
              label="Category"
              value={item.category}
              onChange={(category) =>
                onItem(i, ptr.itemCategory(u, i), (x) => ({ ...x, category: category as Category }))
              }
              error={Boolean(errorOf(ptr.itemCategory(u, i)))}
              helperText={
                errorOf(ptr.itemCategory(u, i)) ??
                (item.category === 'DONATION' ? 'The payee needs permission for donations.' : undefined)
              }
              wrapHelperText
              emptyChoice="(none)"
              choices={CATEGORIES}
              testId={`unit-${u}-item-${i}-category`}
            />
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
