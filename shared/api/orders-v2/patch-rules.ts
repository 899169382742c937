import type { PatchOp } from '../../json-patch.js';

/**
 * What PATCH may change on an order (spec 4.4's table, plus the amount, items, invoice id and soft
 * descriptor, which integrations routinely update), and how its reference-id paths resolve. Shared: the
 * server enforces it, the console's patch preview explains it before anything is sent.
 */
export const PATCH_TARGETS: readonly { target: RegExp; ops: readonly PatchOp[]; label: string }[] = [
  { target: /^\/intent$/, ops: ['replace'], label: 'intent' },
  { target: /^\/payer$/, ops: ['replace', 'add'], label: 'payer' },
  { target: /^\/purchase_units$/, ops: ['replace', 'add'], label: 'purchase_units' },
  { target: /^\/purchase_units\/(\d+|-)$/, ops: ['replace', 'add'], label: 'purchase_units[]' },
  {
    target: /^\/purchase_units\/\d+\/(custom_id|description)$/,
    ops: ['replace', 'add', 'remove'],
    label: 'purchase_units[].custom_id, description',
  },
  {
    target: /^\/purchase_units\/\d+\/(invoice_id|soft_descriptor)$/,
    ops: ['replace', 'add', 'remove'],
    label: 'purchase_units[].invoice_id, soft_descriptor',
  },
  {
    target: /^\/purchase_units\/\d+\/payee\/email_address$/,
    ops: ['replace'],
    label: 'purchase_units[].payee.email',
  },
  {
    target: /^\/purchase_units\/\d+\/shipping\/(name|email_address|phone_number|options|address|type)$/,
    ops: ['replace', 'add'],
    label: 'purchase_units[].shipping.name, email_address, phone_number, options, address, type',
  },
  { target: /^\/purchase_units\/\d+\/amount$/, ops: ['replace'], label: 'purchase_units[].amount' },
  { target: /^\/purchase_units\/\d+\/items$/, ops: ['replace', 'add'], label: 'purchase_units[].items' },
];

/**
 * The ops a (resolved) path allows, or undefined when it is not patchable. A path inside an object target
 * (a line of `shipping/address`) may be added, replaced or removed: that is an edit of the target's
 * value. Paths inside a purchase unit only count when a row of the table names them.
 */
export function allowedOps(path: string): readonly PatchOp[] | undefined {
  const exact = PATCH_TARGETS.find((rule) => rule.target.test(path));
  if (exact) return exact.ops;
  for (
    let parent = path.slice(0, path.lastIndexOf('/'));
    parent !== '';
    parent = parent.slice(0, parent.lastIndexOf('/'))
  ) {
    const rule = PATCH_TARGETS.find((r) => r.target.test(parent));
    if (rule)
      return rule.label.startsWith('purchase_units') && !rule.label.includes('.')
        ? undefined
        : ['add', 'replace', 'remove'];
  }
  return undefined;
}

const REFERENCE_FORM = /^\/purchase_units\/@reference_id==(['"])(.*?)\1(\/.*)?$/;

/**
 * `/purchase_units/@reference_id=='default'/...` to the index form, and `payee/email` to the stored
 * `payee/email_address`; `unknownReference` when no unit has that reference id.
 */
export function resolvePatchPath(
  units: readonly unknown[],
  path: string,
): { path: string; unknownReference?: string } {
  let resolved = path;
  const match = REFERENCE_FORM.exec(path);
  if (match) {
    const reference = match[2] ?? '';
    const index = units.findIndex(
      (u) => (u as { reference_id?: unknown } | null)?.reference_id === reference,
    );
    if (index < 0) return { path, unknownReference: reference };
    resolved = `/purchase_units/${index}${match[3] ?? ''}`;
  }
  return { path: resolved.replace(/^(\/purchase_units\/\d+\/payee\/)email$/, '$1email_address') };
}
