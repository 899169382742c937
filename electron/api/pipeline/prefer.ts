/** `Prefer: return=minimal|representation` (RFC 7240), as the create and capture calls use it. */
export function parsePrefer(header: string | string[] | undefined): 'minimal' | 'representation' | undefined {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return undefined;
  if (/\breturn=representation\b/i.test(value)) return 'representation';
  if (/\breturn=minimal\b/i.test(value)) return 'minimal';
  return undefined;
}
