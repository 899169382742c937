import type { Migration } from './index.js';

/**
 * Fewer B-tree writes per request: every index entry a create adds lands on a random page (ids are
 * random), and that page is journaled and written on every commit. Measured by `npm run bench --
 * orders`, where a create is one resource insert, its history and one request-log row.
 *
 * - `resources_by_parent` is dropped: nothing queries resources by parent.
 * - `resources_by_order` skips orders: an order's `order_id` is its own `id`, which the primary key
 *   already finds. `byOrder` repeats the index's condition so SQLite can use the partial index.
 * - A resource's creation (its trigger and first status; the time is `create_time`) moves onto its row,
 *   written by the insert that creates it; `resource_history` keeps the transitions after it, so a create
 *   no longer adds a history row and its random-keyed index entry. Only creation entries that the row
 *   can state exactly move (no note, at the create time); any other stays in the table.
 * - `request_log_by_time` is dropped: the log keeps its newest 20,000 rows and every search walks them
 *   newest first by id, so the index only cost an insert and a delete per logged request.
 */
export const leanWritesSchema: Migration = {
  version: 4,
  name: 'lean writes',
  sql: `
    DROP INDEX resources_by_parent;
    DROP INDEX resources_by_order;
    CREATE INDEX resources_by_order ON resources (order_id) WHERE kind <> 'order';

    ALTER TABLE resources ADD COLUMN created_by TEXT;
    ALTER TABLE resources ADD COLUMN created_status TEXT;
    CREATE TEMP TABLE creations AS
      SELECT h.seq, h.kind, h.id, h.trigger, h.to_status
      FROM resource_history h JOIN resources r ON r.kind = h.kind AND r.id = h.id
      WHERE h.from_status IS NULL AND h.note IS NULL AND h.at = r.create_time
        AND h.seq = (SELECT MIN(first.seq) FROM resource_history first
                     WHERE first.kind = h.kind AND first.id = h.id);
    UPDATE resources SET (created_by, created_status) = (
      SELECT c.trigger, c.to_status FROM creations c WHERE c.kind = resources.kind AND c.id = resources.id)
    WHERE EXISTS (SELECT 1 FROM creations c WHERE c.kind = resources.kind AND c.id = resources.id);
    DELETE FROM resource_history WHERE seq IN (SELECT seq FROM creations);
    DROP TABLE creations;

    DROP INDEX request_log_by_time;
  `,
};
