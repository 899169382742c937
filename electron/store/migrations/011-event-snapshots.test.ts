import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../db.js';
import { EventsRepository } from '../../webhooks/events-repo.js';
import { oldWorkspaces } from './migration-test-kit.js';

describe('migration 011 (event snapshots)', () => {
  const workspaces = oldWorkspaces('migration-011-');
  afterEach(() => workspaces.cleanup());

  const ENVELOPE =
    '{"resource_version":"1.0","event_type":"PAYMENT.PAYOUTS-ITEM.SUCCEEDED","summary":"s","resource":{"payout_item_id":"I1"}}';

  it('a workspace of version 10 opens with its events stored whole, read as before', () => {
    const dir = workspaces.at(10, (raw) => {
      raw
        .prepare(
          `INSERT INTO webhook_events (id, app_id, event_type, resource_type, resource_id, create_ms, body, links_base)
           VALUES ('WH-1', 'APP1', 'PAYMENT.PAYOUTS-ITEM.SUCCEEDED', 'payouts_item', 'I1', 0, ?, NULL)`,
        )
        .run(ENVELOPE);
    });
    const db = new Database({ kind: 'dir', dir });
    try {
      const row = db.db.prepare("SELECT resource_kind, body FROM webhook_events WHERE id = 'WH-1'").get();
      expect(row).toEqual({ resource_kind: null, body: ENVELOPE });
      expect(new EventsRepository(db).get('WH-1')?.body).toBe(ENVELOPE);
    } finally {
      db.close();
    }
  });
});
