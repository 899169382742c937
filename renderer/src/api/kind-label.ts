/**
 * A resource kind as people read it: `payout-item` → `Payout item`, `order-v1-payment` → `Order payment
 * (v1)`. Kinds are registered by the API groups; the few whose words do not follow from the kind are
 * named here. `transaction` is the support view's name for a ledger transaction id.
 */
const NAMED: Readonly<Record<string, string>> = {
  'scim-user': 'SCIM user',
  transaction: 'Ledger transaction',
};

export function kindLabel(kind: string): string {
  const named = NAMED[kind];
  if (named) return named;
  const version = /-v(\d+)(?=-|$)/.exec(kind);
  const words = (version ? kind.replace(version[0], '') : kind).split('-').filter(Boolean).join(' ');
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return version ? `${label} (v${version[1]})` : label;
}

/** The plural, for counts and hints: `Payout items`, `Orders (v1)`. */
export function kindLabelPlural(kind: string): string {
  const label = kindLabel(kind);
  const pluralize = (word: string) =>
    /(s|x|ch|sh)$/.test(word)
      ? `${word}es`
      : /[^aeiou]y$/.test(word)
        ? `${word.slice(0, -1)}ies`
        : `${word}s`;
  const versioned = /^(.*) (\(v\d+\))$/.exec(label);
  return versioned ? `${pluralize(versioned[1] ?? '')} ${versioned[2]}` : pluralize(label);
}
