/**
 * A card expiry as people type it (`MM/YY` from the card's face, `MM/YYYY`, `MM-YY`, `MMYY`) in the
 * API's form, `YYYY-MM`. Text that is none of these is returned trimmed, for the schema to name.
 */
export function normalizeCardExpiry(text: string): string {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}$/.test(trimmed)) return trimmed;
  const match = /^(\d{1,2})\s*[/\-. ]?\s*(\d{2}|\d{4})$/.exec(trimmed);
  if (!match) return trimmed;
  const [, month = '', year = ''] = match;
  // Two-digit years are this century's: card expiries lie at most a few years ahead.
  const fullYear = year.length === 2 ? `20${year}` : year;
  return `${fullYear}-${month.padStart(2, '0')}`;
}
