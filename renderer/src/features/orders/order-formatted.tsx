import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ResourceKind, ResourceSummary } from '../../../../shared/bridge';
import { hrefFor, resourceRoute } from '../../app/router';
import { StatusChip } from '../../components/status-chip';
import { linksOf } from '../../api/api-call';
import { formatMoney, formatTime } from '../../api/format';
import { MONO } from '../../components/mono-font';
import { lineTotal, type OrderView, type Payment, type Unit } from './order-view';
import { Section } from '../../components/section';

/** Label/value pairs in two columns. */
function Facts({ rows }: { rows: [string, ReactNode | undefined][] }) {
  const shown = rows.filter(([, v]) => v !== undefined && v !== null && v !== '');
  if (shown.length === 0) return <Typography color="text.secondary">—</Typography>;
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
    >
      {shown.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: 'text.secondary', fontSize: 13.5 }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, fontSize: 14, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

const mono = (text: string | undefined) =>
  text ? (
    <Box component="span" sx={{ fontFamily: MONO }}>
      {text}
    </Box>
  ) : undefined;

function PaymentList({ kind, payments }: { kind: ResourceKind; payments: Payment[] }) {
  return (
    <>
      {payments.map((p) => (
        <Stack
          key={p.id}
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', py: 0.25 }}
          data-testid={`order-payment-${p.id}`}
        >
          <Typography variant="body2" sx={{ width: 100, color: 'text.secondary' }}>
            {kind}
          </Typography>
          <Link
            href={hrefFor(resourceRoute(kind, p.id))}
            sx={{ fontFamily: MONO }}
            data-testid={`${kind}-link`}
          >
            {p.id}
          </Link>
          {p.status ? <StatusChip status={p.status} /> : null}
          <Typography variant="body2" sx={{ fontFamily: MONO }}>
            {formatMoney(p.amount)}
          </Typography>
        </Stack>
      ))}
    </>
  );
}

function UnitView({ unit, index }: { unit: Unit; index: number }) {
  const breakdown = unit.amount?.breakdown ?? {};
  const address = unit.shipping?.address;
  const payments = unit.payments ?? {};
  const anyPayment =
    (payments.authorizations?.length ?? 0) +
      (payments.captures?.length ?? 0) +
      (payments.refunds?.length ?? 0) >
    0;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`order-unit-${index}`}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {unit.description ?? `Purchase unit ${index + 1}`}
        </Typography>
        {unit.reference_id ? (
          <Chip size="small" label={`reference_id ${unit.reference_id}`} sx={{ fontFamily: MONO }} />
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <Typography
          variant="subtitle1"
          sx={{ fontFamily: MONO, fontWeight: 700 }}
          data-testid={`order-unit-${index}-amount`}
        >
          {formatMoney(unit.amount)}
        </Typography>
      </Stack>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mb: 1.5 }}>
        <Box sx={{ flex: 1 }}>
          <Facts
            rows={[
              ['Payee', unit.payee?.email_address],
              ['Merchant id', mono(unit.payee?.merchant_id)],
              ['Custom id', mono(unit.custom_id)],
              ['Invoice id', mono(unit.invoice_id)],
              ['Soft descriptor', unit.soft_descriptor],
            ]}
          />
        </Box>
        {Object.keys(breakdown).length > 0 ? (
          <Box sx={{ minWidth: 240 }}>
            <Facts
              rows={Object.entries(breakdown).map(
                ([key, money]) =>
                  [
                    key,
                    <Box component="span" sx={{ fontFamily: MONO }}>
                      {formatMoney(money)}
                    </Box>,
                  ] as [string, ReactNode],
              )}
            />
          </Box>
        ) : null}
      </Stack>

      {unit.items && unit.items.length > 0 ? (
        <Table size="small" sx={{ mb: 1.5 }} data-testid={`order-unit-${index}-items`}>
          <TableHead>
            <TableRow>
              <TableCell>Item</TableCell>
              <TableCell>Category</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Unit amount</TableCell>
              <TableCell align="right">Line total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {unit.items.map((item, i) => {
              const line = lineTotal(item);
              return (
                <TableRow key={i}>
                  <TableCell>
                    {item.name}
                    {item.sku ? (
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                        SKU {item.sku}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell>{item.category ?? '—'}</TableCell>
                  <TableCell align="right">{item.quantity}</TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {formatMoney(item.unit_amount)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {line}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      ) : null}

      {unit.shipping ? (
        <Section frame="none" level="subsection" title="Shipping">
          <Facts
            rows={[
              ['Name', unit.shipping.name?.full_name],
              ['Type', unit.shipping.type],
              [
                'Address',
                address
                  ? [
                      address.address_line_1,
                      address.address_line_2,
                      [address.postal_code, address.admin_area_2].filter(Boolean).join(' '),
                      address.admin_area_1,
                      address.country_code,
                    ]
                      .filter(Boolean)
                      .join(', ')
                  : undefined,
              ],
            ]}
          />
        </Section>
      ) : null}

      {anyPayment ? (
        <Section frame="none" level="subsection" title="Payments" testId={`order-unit-${index}-payments`}>
          <PaymentList kind="authorization" payments={payments.authorizations ?? []} />
          <PaymentList kind="capture" payments={payments.captures ?? []} />
          <PaymentList kind="refund" payments={payments.refunds ?? []} />
        </Section>
      ) : null}
    </Paper>
  );
}

/** The Formatted tab: purchase units, payer, payment source and the links the API returned. */
export function OrderFormatted({ order, related }: { order: OrderView; related: ResourceSummary[] }) {
  const card = order.payment_source?.card;
  const wallet = order.payment_source?.svc;
  const payer = order.payer;
  const links = linksOf(order);
  const payments = related.filter((r) => r.kind !== 'order');
  return (
    <Stack spacing={2.5} data-testid="order-formatted">
      <Section
        frame="none"
        level="subsection"
        title={`Purchase units (${order.purchase_units?.length ?? 0})`}
      >
        <Stack spacing={1.5}>
          {(order.purchase_units ?? []).map((unit, index) => (
            <UnitView key={unit.reference_id ?? index} unit={unit} index={index} />
          ))}
        </Stack>
      </Section>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3}>
        <Box sx={{ flex: 1 }}>
          <Section frame="none" level="subsection" title="Payer" testId="order-payer">
            {payer ? (
              <Facts
                rows={[
                  [
                    'Name',
                    [payer.name?.given_name, payer.name?.surname].filter(Boolean).join(' ') || undefined,
                  ],
                  ['E-mail', payer.email_address],
                  ['Payer id', mono(payer.payer_id)],
                  ['Country', payer.address?.country_code],
                ]}
              />
            ) : card ? (
              // A card order has no buyer account to approve it: its payer is the cardholder it was sent with.
              <Facts
                rows={[
                  ['Paid by', 'card (no buyer account)'],
                  ['Cardholder', card.name],
                  ['Card', mono(`${card.brand ?? ''} •••• ${card.last_digits ?? ''}`.trim())],
                ]}
              />
            ) : (
              <Typography color="text.secondary">Not known until the buyer approves.</Typography>
            )}
          </Section>
        </Box>
        <Box sx={{ flex: 1 }}>
          <Section frame="none" level="subsection" title="Payment source" testId="order-payment-source">
            {card ? (
              <Facts
                rows={[
                  ['Kind', 'card'],
                  ['Card', mono(`${card.brand ?? ''} •••• ${card.last_digits ?? ''}`.trim())],
                  ['Type', card.type],
                  ['Expiry', mono(card.expiry)],
                  ['Name', card.name],
                ]}
              />
            ) : wallet ? (
              <Facts
                rows={[
                  ['Kind', 'wallet (svc)'],
                  ['Account', wallet.email_address],
                  ['Account id', mono(wallet.account_id)],
                  [
                    'Name',
                    [wallet.name?.given_name, wallet.name?.surname].filter(Boolean).join(' ') || undefined,
                  ],
                  [
                    'Return URL',
                    mono(
                      typeof wallet.experience_context?.return_url === 'string'
                        ? wallet.experience_context.return_url
                        : undefined,
                    ),
                  ],
                  [
                    'Cancel URL',
                    mono(
                      typeof wallet.experience_context?.cancel_url === 'string'
                        ? wallet.experience_context.cancel_url
                        : undefined,
                    ),
                  ],
                ]}
              />
            ) : (
              <Typography color="text.secondary">
                None given; the buyer chooses on the approval page.
              </Typography>
            )}
          </Section>
        </Box>
      </Stack>

      {payments.length > 0 ? (
        <Section
          frame="none"
          level="subsection"
          title="Authorizations, captures and refunds"
          testId="order-related"
        >
          <Table size="small">
            <TableBody>
              {payments.map((p) => (
                <TableRow key={`${p.kind}-${p.id}`} data-testid={`related-${p.kind}-${p.id}`}>
                  <TableCell sx={{ color: 'text.secondary', width: 120 }}>{p.kind}</TableCell>
                  <TableCell>
                    <Link href={hrefFor(resourceRoute(p.kind, p.id))} sx={{ fontFamily: MONO }}>
                      {p.id}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <StatusChip status={p.status} />
                  </TableCell>
                  <TableCell align="right" sx={{ fontFamily: MONO }}>
                    {formatMoney(p.amount)}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                    {formatTime(p.create_time)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      ) : null}

      <Section frame="none" level="subsection" title="Links" testId="order-links">
        {links.length === 0 ? (
          <Typography color="text.secondary">—</Typography>
        ) : (
          <Table size="small">
            <TableBody>
              {links.map((l) => (
                <TableRow key={`${l.rel}-${l.href}`}>
                  <TableCell sx={{ width: 130, fontFamily: MONO }}>{l.rel}</TableCell>
                  <TableCell sx={{ width: 80, fontFamily: MONO, color: 'text.secondary' }}>
                    {l.method ?? 'GET'}
                  </TableCell>
                  <TableCell sx={{ fontFamily: MONO, fontSize: 12.5, overflowWrap: 'anywhere' }}>
                    {l.href}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
    </Stack>
  );
}
