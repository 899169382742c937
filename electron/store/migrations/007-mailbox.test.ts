import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../db.js';
import { MailboxRepository } from '../../mailbox/mailbox-repo.js';
import { oldWorkspaces } from './migration-test-kit.js';

describe('migration 007 (mailbox)', () => {
  const workspaces = oldWorkspaces('migration-007-');
  afterEach(() => workspaces.cleanup());

  it('gives a workspace of version 6 an empty mailbox that keeps messages newest first', () => {
    const database = new Database({ kind: 'dir', dir: workspaces.at(6, () => {}) });
    const repo = new MailboxRepository(database);
    expect(repo.count()).toBe(0);
    const mail = (id: string, recipient: string) => ({
      id,
      sent_at: '2026-05-15T12:00:00Z',
      recipient,
      from: 'service@svc.example',
      subject: id,
      body: '',
      links: [],
      category: 'test',
    });
    database.transaction(() => {
      repo.insert(mail('A', 'one@example.com'));
      repo.insert(mail('B', 'two@example.com'));
    });
    expect(repo.list(10).map((m) => m.id)).toEqual(['B', 'A']);
    expect(repo.list(10, 'ONE@example.com').map((m) => m.id)).toEqual(['A']);
    database.close();
  });
});
