/**
 * A noun counted: `1 order`, `2 orders`, `0 payments (v1)`, `3 billing plans`. The word pluralized is
 * the one before a trailing parenthesis, so a version mark stays at the end.
 */
export function pluralNoun(noun: string, count: number): string {
  if (count === 1) return noun;
  const match = /^(.*?)( \([^)]*\))?$/.exec(noun);
  const head = match?.[1] ?? noun;
  const tail = match?.[2] ?? '';
  const plural = /(s|x|ch|sh)$/.test(head)
    ? `${head}es`
    : /[^aeiou]y$/.test(head)
      ? `${head.slice(0, -1)}ies`
      : `${head}s`;
  return plural + tail;
}
