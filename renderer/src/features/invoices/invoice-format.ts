/** How the invoice pages write money v1 and v1 dates. */

export const formatMoneyV1 = (money: { currency: string; value: string } | undefined): string =>
  money ? `${money.value} ${money.currency}` : '—';

/** `2026-05-16 UTC` -> `2026-05-16`. */
export const v1Day = (date: string | undefined): string => (date ? date.slice(0, 10) : '—');

/** Whether a payable invoice's due date has passed by the simulated clock's `today` (`yyyy-MM-dd`). */
export function isOverdue(status: string, dueDate: string | undefined, today: string): boolean {
  return (status === 'SENT' || status === 'PARTIALLY_PAID') && !!dueDate && dueDate.slice(0, 10) < today;
}
