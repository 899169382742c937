/** How API values read in the workbench. Pure, so views and their models share it without the bridge. */

/** `2025-01-02T03:04:05Z` → `2025-01-02 03:04:05 UTC` (simulated time is shown as the API gives it). */
export function formatTime(iso: string | undefined): string {
  if (!iso) return '—';
  return iso.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');
}

/** `{currency_code: 'USD', value: '1.00'}` → `1.00 USD`; a dash when there is no value. */
export function formatMoney(money: { currency_code?: string; value?: string } | undefined): string {
  if (!money?.value) return '—';
  return `${money.value} ${money.currency_code ?? ''}`.trim();
}
