import { describe, expect, it } from 'vitest';
import { OutsideTransactionError } from './outside-transaction-error.js';
import { LogDatabase } from './log-database.js';
import { RequestLogRepository } from './repositories/request-log-repo.js';
import { plainLogRow } from '../test-support/request-log-row.js';

describe("the log's database", () => {
  it('refuses a write outside a transaction and keeps nothing of a failed one', () => {
    const log = new LogDatabase({ kind: 'memory' });
    const repository = new RequestLogRepository(log);
    try {
      expect(() => repository.trim(0)).toThrow(OutsideTransactionError);
      const row = plainLogRow();
      expect(() =>
        log.transaction(() => {
          repository.insertMany([row]);
          throw new Error('the work failed');
        }),
      ).toThrow('the work failed');
      expect(repository.recent(10)).toEqual([]);
    } finally {
      log.close();
    }
  });
});
