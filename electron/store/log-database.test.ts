import { describe, expect, it } from 'vitest';
import { OutsideTransactionError } from './outside-transaction-error.js';
import { LogDatabase } from './log-database.js';
import { RequestLogRepository } from './repositories/request-log-repo.js';

describe("the log's database", () => {
  it('refuses a write outside a transaction and keeps nothing of a failed one', () => {
    const log = new LogDatabase({ kind: 'memory' });
    const repository = new RequestLogRepository(log);
    try {
      expect(() => repository.trim(0)).toThrow(OutsideTransactionError);
      const row = {
        at: 'x',
        method: 'GET',
        path: '/p',
        status: 200,
        duration_ms: 1,
        app_id: null,
        debug_id: null,
        exchange: '{}',
      };
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
