import { issuesOf } from '../issue.js';

/** Catalog products: the issues its operations answer with (beyond the pipeline's own). */
export const CATALOG_PRODUCTS_ISSUES = {
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    DUPLICATE_RESOURCE_IDENTIFIER: 'A product with this id already exists.',
    INVALID_PATCH_PATH: 'The PATCH path names a member that cannot be changed.',
    UNSUPPORTED_PATCH_OPERATION: 'The PATCH operation is not supported for this path.',
  }),
};
