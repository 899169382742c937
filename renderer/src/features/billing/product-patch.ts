import { PRODUCT_PATCHABLE } from '../../../../shared/api/catalog-products';
import type { PatchOperation } from '../../../../shared/json-patch';
import type { Product } from './billing-api';

/** The product members its edit form changes (the platform's PATCH list). */
export type Patchable = (typeof PRODUCT_PATCHABLE)[number];

/**
 * The product's JSON Patch from the edited members: `replace` what changed, `add` what was missing,
 * `remove` what was cleared. Name and type are fixed once a product is created.
 */
export function productPatch(product: Product, values: Record<Patchable, string>): PatchOperation[] {
  const operations: PatchOperation[] = [];
  for (const member of PRODUCT_PATCHABLE) {
    const before = product[member];
    const after = values[member].trim();
    if ((before ?? '') === after) continue;
    if (!after) operations.push({ op: 'remove', path: `/${member}` });
    else operations.push({ op: before === undefined ? 'add' : 'replace', path: `/${member}`, value: after });
  }
  return operations;
}
