import { defineMachine } from '../../machines/machine.js';

export type CatalogProductStatus = 'CREATED';
export type CatalogProductTrigger = 'create' | 'update';

/**
 * A catalog product has no lifecycle of its own on the platform: it is created and then updated.
 * Its one state lets the workbench show its history like every other resource's.
 */
export const catalogProductMachine = defineMachine<CatalogProductStatus, CatalogProductTrigger>({
  resource: 'catalog-product',
  states: { CREATED: 'In the catalog: plans can be made for it.' },
  transitions: [
    { trigger: 'create', from: [], to: 'CREATED', label: 'Create product' },
    { trigger: 'update', from: ['CREATED'], to: 'CREATED', label: 'Update product' },
  ],
  refusals: {},
});
