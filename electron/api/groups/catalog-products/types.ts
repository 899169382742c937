import type { ProductView } from '../../../../shared/api/catalog-products/schemas.js';
import type { StoredResource } from '../../../store/repositories/resources-repo.js';

/** A catalog product: its body is what the API shows (links are added per request). */
export type StoredProduct = StoredResource<ProductView, { merchant_id: string }>;
