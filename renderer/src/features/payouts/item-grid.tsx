import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useEffect, useRef, useState, type UIEvent } from 'react';
import { MONO } from '../../components/mono-font';
import {
  ITEM_FIELDS,
  RECIPIENT_TYPES,
  type DraftItem,
  type ItemErrors,
  type ItemField,
} from './payout-draft';

/**
 * The item rows of the create form: an editable grid that renders only the rows in view, so 15,000
 * imported rows scroll as smoothly as five. Each row shows its own problems (the form's checks, then
 * what the API answered) beside it. Test ids: `item-row-<n>`, `item-<n>-<column>`, `item-<n>-error`,
 * `item-<n>-remove` with n the row's position in the batch (0-based, as `items/<n>` in API errors).
 */

export const ROW_HEIGHT = 44;
const VIEW_ROWS = 10;
const OVERSCAN = 6;

const COLUMNS =
  '84px 112px minmax(190px, 2fr) 104px 72px minmax(130px, 1.5fr) minmax(110px, 1fr) minmax(220px, 2.2fr) 36px';

const LABELS: Record<ItemField, string> = {
  recipient_type: 'Recipient type',
  receiver: 'Receiver',
  amount: 'Amount',
  currency: 'Currency',
  note: 'Note',
  sender_item_id: 'Sender item id',
};

/** A row to show and where it sits in the batch. */
export interface GridRow {
  item: DraftItem;
  index: number;
}

export function ItemGrid({
  rows,
  onEdit,
  onRemove,
  scrollTo,
}: {
  rows: readonly GridRow[];
  onEdit(key: number, field: ItemField, value: string): void;
  onRemove(key: number): void;
  /** Asks the grid to bring a row (its position in `rows`) into view; a new object each time. */
  scrollTo?: { position: number };
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  useEffect(() => {
    if (scrollTo && scroller.current) scroller.current.scrollTop = scrollTo.position * ROW_HEIGHT;
  }, [scrollTo]);

  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil(scrollTop / ROW_HEIGHT) + VIEW_ROWS + OVERSCAN);
  const height = Math.min(rows.length, VIEW_ROWS) * ROW_HEIGHT;

  return (
    <Box
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' }}
      data-testid="payout-item-grid"
      data-rows={rows.length}
    >
      <Box sx={{ minWidth: 1100 }}>
        <Box
          role="row"
          sx={{
            display: 'grid',
            gridTemplateColumns: COLUMNS,
            gap: 1,
            px: 1,
            py: 0.75,
            bgcolor: 'action.hover',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <HeaderCell>#</HeaderCell>
          {ITEM_FIELDS.map((f) => (
            <HeaderCell key={f}>{LABELS[f]}</HeaderCell>
          ))}
          <HeaderCell>Problem</HeaderCell>
          <span />
        </Box>
        <Box
          ref={scroller}
          onScroll={(e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop)}
          sx={{ height, overflowY: 'auto', position: 'relative' }}
          data-testid="payout-item-grid-scroller"
        >
          <Box sx={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
            {rows.slice(first, last).map((row, offset) => (
              <ItemRow
                key={row.item.key}
                item={row.item}
                index={row.index}
                top={(first + offset) * ROW_HEIGHT}
                onEdit={onEdit}
                onRemove={onRemove}
              />
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

function HeaderCell({ children }: { children: string }) {
  return (
    <Typography variant="caption" sx={{ fontWeight: 600, color: 'text.secondary' }} role="columnheader">
      {children}
    </Typography>
  );
}

/** The problems of a row, the form's first, as one line. */
function problemsOf(errors: ItemErrors, apiErrors: ItemErrors | undefined): string[] {
  const text = (e: ItemErrors) =>
    (['row', ...ITEM_FIELDS] as const)
      .filter((k) => e[k])
      .map((k) => (k === 'row' ? (e[k] ?? '') : `${LABELS[k]}: ${e[k] ?? ''}`));
  return [...text(errors), ...(apiErrors ? text(apiErrors).map((t) => `API: ${t}`) : [])];
}

const ItemRow = memo(function ItemRow({
  item,
  index,
  top,
  onEdit,
  onRemove,
}: {
  item: DraftItem;
  index: number;
  top: number;
  onEdit(key: number, field: ItemField, value: string): void;
  onRemove(key: number): void;
}) {
  const problems = problemsOf(item.errors, item.apiErrors);
  const invalid = Object.keys(item.errors).length > 0;
  const flagged = (field: ItemField) => !!item.errors[field] || !!item.apiErrors?.[field];
  const input = (field: ItemField, extra: { mono?: boolean; placeholder?: string } = {}) => (
    <InputBase
      value={item[field]}
      onChange={(e) => onEdit(item.key, field, e.target.value)}
      placeholder={extra.placeholder}
      error={flagged(field)}
      inputProps={{
        'data-testid': `item-${index}-${field}`,
        'aria-label': `Row ${index + 1} ${LABELS[field]}`,
        'aria-invalid': flagged(field),
        spellCheck: false,
      }}
      sx={cellSx(flagged(field), extra.mono)}
    />
  );
  return (
    <Box
      role="row"
      data-testid={`item-row-${index}`}
      data-invalid={invalid ? 'true' : 'false'}
      data-api-error={item.apiErrors ? 'true' : 'false'}
      sx={{
        position: 'absolute',
        top,
        left: 0,
        right: 0,
        height: ROW_HEIGHT,
        display: 'grid',
        gridTemplateColumns: COLUMNS,
        gap: 1,
        px: 1,
        alignItems: 'center',
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: problems.length > 0 ? 'rgba(211, 47, 47, 0.06)' : undefined,
      }}
    >
      <Typography
        variant="caption"
        sx={{ fontFamily: MONO, color: 'text.secondary' }}
        title={item.line ? `CSV line ${item.line}` : undefined}
      >
        {index + 1}
        {item.line ? <Box component="span" sx={{ opacity: 0.7 }}>{` L${item.line}`}</Box> : null}
      </Typography>
      <Box
        component="select"
        value={item.recipient_type}
        onChange={(e) => onEdit(item.key, 'recipient_type', e.target.value)}
        data-testid={`item-${index}-recipient_type`}
        aria-label={`Row ${index + 1} ${LABELS.recipient_type}`}
        aria-invalid={flagged('recipient_type')}
        sx={{
          ...cellSx(flagged('recipient_type')),
          py: 0.5,
          bgcolor: 'background.paper',
          color: 'text.primary',
        }}
      >
        {(RECIPIENT_TYPES as readonly string[]).includes(item.recipient_type) ? null : (
          <option value={item.recipient_type}>{item.recipient_type || '(none)'}</option>
        )}
        {RECIPIENT_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </Box>
      {input('receiver', { placeholder: receiverHint(item.recipient_type) })}
      {input('amount', { mono: true, placeholder: '10.00' })}
      {input('currency', { mono: true, placeholder: 'USD' })}
      {input('note')}
      {input('sender_item_id', { mono: true })}
      <Tooltip title={problems.join(' · ')} placement="top-start">
        <Typography
          variant="caption"
          color="error"
          noWrap
          data-testid={`item-${index}-error`}
          sx={{ minWidth: 0 }}
        >
          {problems.join(' · ')}
        </Typography>
      </Tooltip>
      <IconButton
        size="small"
        aria-label={`Remove row ${index + 1}`}
        onClick={() => onRemove(item.key)}
        data-testid={`item-${index}-remove`}
      >
        ×
      </IconButton>
    </Box>
  );
});

function receiverHint(recipientType: string): string {
  switch (recipientType) {
    case 'PHONE':
      return '+14085551234';
    case 'SVC_ID':
      return 'Account id';
    default:
      return 'name@example.com';
  }
}

function cellSx(flagged: boolean, mono = false) {
  return {
    fontSize: 13.5,
    px: 0.75,
    border: 1,
    borderRadius: 0.75,
    borderColor: flagged ? 'error.main' : 'divider',
    minWidth: 0,
    width: '100%',
    ...(mono ? { fontFamily: MONO } : {}),
  } as const;
}
