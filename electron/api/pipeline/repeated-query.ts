/**
 * Query strings with a parameter repeated under the same value read as one parameter: clients that build
 * their query from merged option objects (the platform's agent toolkit lists transactions that way) send
 * `fields=all&fields=all`, which the platform answers as `fields=all`. Different values for one name stay
 * an array, which each operation's query schema refuses (400 `INVALID_PARAMETER_VALUE`), since the
 * operation could not know which one was meant.
 */
export function parseQuery(text: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
  // Most requests have no query: no URLSearchParams to build for them.
  if (text === '') return query;
  for (const [name, value] of new URLSearchParams(text)) {
    const earlier = query[name];
    if (earlier === undefined) query[name] = value;
    else if (Array.isArray(earlier)) {
      if (!earlier.includes(value)) earlier.push(value);
    } else if (earlier !== value) query[name] = [earlier, value];
  }
  return query;
}
