import type { Migration } from './index.js';

/**
 * A generic lineage column: `root_id` names the resource at the root of a resource's lineage (the order
 * of an authorization, capture or refund; later the batch of a payout item or the subscription of a
 * billing cycle). A root names itself. It replaces the order-only `order_id`, whose values it keeps:
 * every existing row already named its order, and an order itself.
 *
 * The index skips roots (`root_id = id`): a root is found by its primary key, so indexing it would
 * only cost a random-page write per create. Queries repeat the condition so SQLite uses the partial
 * index. The store never knows which kinds are roots.
 */
export const lineageSchema: Migration = {
  version: 5,
  name: 'lineage',
  sql: `
    DROP INDEX resources_by_order;
    ALTER TABLE resources RENAME COLUMN order_id TO root_id;
    CREATE INDEX resources_by_root ON resources (root_id) WHERE root_id <> id;
  `,
};
