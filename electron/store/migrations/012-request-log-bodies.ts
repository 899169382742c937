import type { Migration } from './index.js';

/**
 * A logged exchange's request and response bodies in columns of their own, beside the entry's JSON
 * (electron/store/repositories/request-log-repo.ts). Serialized into that JSON, a JSON body had every
 * quote escaped, which was the largest part of writing an entry; as text of their own they are written as
 * they are. NULL in rows written before, whose bodies stay inside `entry`, and in exchanges without a body.
 */
export const requestLogBodiesSchema: Migration = {
  version: 12,
  name: 'request-log-bodies',
  sql: `ALTER TABLE request_log ADD COLUMN request_body TEXT;
    ALTER TABLE request_log ADD COLUMN response_body TEXT;`,
};
