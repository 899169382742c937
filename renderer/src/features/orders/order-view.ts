import { isSupportedCurrency, toMinor } from '../../../../shared/money';
import { formatMinor, formatMoney } from '../../api/format';

/** The order as the API shows it (loosely typed: the view only reads what is there). */
export interface Money {
  currency_code?: string;
  value?: string;
}
export interface Payment {
  id: string;
  status?: string;
  amount?: Money;
  create_time?: string;
}
export interface Item {
  name?: string;
  quantity?: string;
  unit_amount?: Money;
  category?: string;
  sku?: string;
  description?: string;
}
export interface Unit {
  reference_id?: string;
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  soft_descriptor?: string;
  amount?: Money & { breakdown?: Record<string, Money | undefined> };
  payee?: { email_address?: string; merchant_id?: string };
  items?: Item[];
  shipping?: {
    name?: { full_name?: string };
    type?: string;
    address?: {
      address_line_1?: string;
      address_line_2?: string;
      admin_area_2?: string;
      admin_area_1?: string;
      postal_code?: string;
      country_code?: string;
    };
  };
  payments?: { authorizations?: Payment[]; captures?: Payment[]; refunds?: Payment[] };
}
export interface OrderView {
  id?: string;
  intent?: string;
  status?: string;
  create_time?: string;
  update_time?: string;
  purchase_units?: Unit[];
  payer?: {
    name?: { given_name?: string; surname?: string };
    email_address?: string;
    payer_id?: string;
    address?: { country_code?: string };
  };
  payment_source?: {
    card?: { name?: string; last_digits?: string; brand?: string; type?: string; expiry?: string };
    svc?: {
      email_address?: string;
      account_id?: string;
      name?: { given_name?: string; surname?: string };
      experience_context?: Record<string, unknown>;
    };
  };
}

/** The sum of the purchase units' amounts when they share one currency. */
export function orderTotal(order: OrderView): string {
  const amounts = (order.purchase_units ?? [])
    .map((u) => u.amount)
    .filter((a): a is Money => Boolean(a?.value && a.currency_code));
  if (amounts.length === 0) return '—';
  const currency = amounts[0]?.currency_code ?? '';
  if (
    amounts.length === 1 ||
    !isSupportedCurrency(currency) ||
    amounts.some((a) => a.currency_code !== currency)
  )
    return amounts.map(formatMoney).join(' + ');
  try {
    return formatMinor(
      amounts.reduce((sum, a) => sum + toMinor(a.value ?? '0', currency), 0n),
      currency,
    );
  } catch {
    return amounts.map(formatMoney).join(' + ');
  }
}

/** An item's quantity times its unit amount, exactly; a dash when either is missing or malformed. */
export function lineTotal(item: Item): string {
  const money = item.unit_amount;
  const currency = money?.currency_code;
  if (!money?.value || !currency || !isSupportedCurrency(currency) || !/^\d+$/.test(item.quantity ?? ''))
    return '—';
  try {
    return formatMinor(toMinor(money.value, currency) * BigInt(item.quantity ?? '0'), currency);
  } catch {
    return '—';
  }
}
