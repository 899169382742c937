/** What the v1 order pages read from an order as the API shows it (pure, tested). */

export const ORDERS_V1_PATH = '/v1/checkout/orders';
export const orderV1Path = (id: string) => `${ORDERS_V1_PATH}/${encodeURIComponent(id)}`;
export const ORDER_V1_KIND = 'order-v1';

export interface UnitRow {
  reference_id: string;
  description: string | undefined;
  payee: string | undefined;
  total: string;
  status: string;
  /** The capture or authorization of a paid unit. */
  transaction: { id: string; status: string; fee?: string; disbursement?: string } | undefined;
  partnerFee: string | undefined;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (typeof v === 'object' && v !== null ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Each purchase unit: total, status (NOT_PROCESSED until paid), and its capture or authorization. */
export function unitRows(order: unknown): UnitRow[] {
  const units = obj(order).purchase_units;
  if (!Array.isArray(units)) return [];
  return units.map((raw) => {
    const unit = obj(raw);
    const amount = obj(unit.amount);
    const summary = obj(unit.payment_summary);
    const payment = obj(
      (Array.isArray(summary.captures) ? summary.captures[0] : undefined) ??
        (Array.isArray(summary.authorizations) ? summary.authorizations[0] : undefined),
    );
    const fee = obj(payment.transaction_fee);
    const partner = obj(obj(unit.partner_fee_details).amount);
    return {
      reference_id: str(unit.reference_id) ?? 'default',
      description: str(unit.description),
      payee: str(obj(unit.payee).email),
      total: `${str(amount.total) ?? '?'} ${str(amount.currency) ?? ''}`.trim(),
      status: str(unit.status) ?? 'NOT_PROCESSED',
      transaction: str(payment.id)
        ? {
            id: str(payment.id) ?? '',
            status: str(payment.status) ?? '',
            ...(str(fee.value) ? { fee: `${str(fee.value)} ${str(fee.currency) ?? ''}`.trim() } : {}),
            ...(str(payment.disbursement_mode) ? { disbursement: str(payment.disbursement_mode) } : {}),
          }
        : undefined,
      partnerFee: str(partner.value)
        ? `${str(partner.value)} ${str(partner.currency) ?? ''}`.trim()
        : undefined,
    };
  });
}

/** The order's links (pure: the API helpers import the bridge). */
function linksOf(order: unknown): { rel: string; href: string }[] {
  const links = obj(order).links;
  return Array.isArray(links)
    ? links
        .map(obj)
        .flatMap((l) =>
          str(l.rel) && str(l.href) ? [{ rel: str(l.rel) ?? '', href: str(l.href) ?? '' }] : [],
        )
    : [];
}

/** The buyer page (`approval_url`) while the order waits for approval. */
export const approvalUrlOf = (order: unknown): string | undefined =>
  linksOf(order).find((l) => l.rel === 'approval_url')?.href;

/** Whether funds wait for a disbursement (the API offers `disburse`). */
export const canDisburse = (order: unknown): boolean => linksOf(order).some((l) => l.rel === 'disburse');

/** The buyer who approved, as `payer_info` shows them. */
export function payerOf(order: unknown): string | undefined {
  const payer = obj(obj(order).payer_info);
  const name = [str(payer.first_name), str(payer.last_name)].filter(Boolean).join(' ');
  const email = str(payer.email);
  if (!name && !email) return undefined;
  return email ? (name ? `${name} <${email}>` : email) : name;
}

/** A card order is paid with a card the partner gives, not approved on the buyer page. */
export const isCardOrder = (order: unknown): boolean =>
  obj(obj(order).payment_details).payment_method === 'CREDIT_CARD';
