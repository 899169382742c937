import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../db.js';
import { ResourcesRepository } from '../repositories/resources-repo.js';
import { oldWorkspaces } from './migration-test-kit.js';

const T0 = '2026-01-01T00:00:00Z';
const T2 = '2026-01-01T00:02:00Z';

describe('migration 004 (lean writes)', () => {
  const workspaces = oldWorkspaces('migration-004-');
  afterEach(() => workspaces.cleanup());

  /** A workspace as versions 1 to 3 left it: an order with two transitions and a capture with one. */
  function workspaceAtVersion3(): string {
    return workspaces.at(3, (raw) => {
      const resource = raw.prepare(
        `INSERT INTO resources (kind, id, app_id, status, parent_id, order_id, create_time, update_time, body)
       VALUES (?, ?, 'APP', ?, ?, ?, ?, ?, '{}')`,
      );
      resource.run('order', 'ORDER1', 'COMPLETED', null, 'ORDER1', T0, T2);
      resource.run('capture', 'CAP1', 'COMPLETED', 'ORDER1', 'ORDER1', T2, T2);
      resource.run('order', 'ORDER2', 'CREATED', null, 'ORDER2', T0, T0);
      const history = raw.prepare(
        'INSERT INTO resource_history (kind, id, trigger, from_status, to_status, at, note) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      // Inserted out of order across resources: each resource's entries must keep their own order.
      history.run('order', 'ORDER1', 'create', null, 'CREATED', T0, null);
      // A creation entry with a note cannot be stated by the row: it stays in the table.
      history.run('capture', 'CAP1', 'capture', null, 'COMPLETED', T2, 'final');
      history.run('order', 'ORDER1', 'capture', 'CREATED', 'COMPLETED', T2, null);
    });
  }

  it('moves each creation onto its row and keeps every history in order', () => {
    const database = new Database({ kind: 'dir', dir: workspaceAtVersion3() });
    const resources = new ResourcesRepository(database);
    expect(resources.history('order', 'ORDER1')).toEqual([
      { trigger: 'create', from_status: null, to_status: 'CREATED', at: T0, note: null },
      { trigger: 'capture', from_status: 'CREATED', to_status: 'COMPLETED', at: T2, note: null },
    ]);
    expect(resources.history('capture', 'CAP1')).toEqual([
      { trigger: 'capture', from_status: null, to_status: 'COMPLETED', at: T2, note: 'final' },
    ]);
    expect(resources.history('order', 'ORDER2')).toEqual([]);
    const left = database.db
      .prepare('SELECT kind, id, trigger FROM resource_history ORDER BY seq')
      .all()
      .map((r) => ({ ...r }));
    expect(left).toEqual([
      { kind: 'capture', id: 'CAP1', trigger: 'capture' },
      { kind: 'order', id: 'ORDER1', trigger: 'capture' },
    ]);
    database.close();
  });

  it('writes a creation on the row and each later transition to the history', () => {
    const database = new Database({ kind: 'memory' });
    const resources = new ResourcesRepository(database);
    const order = {
      kind: 'order' as const,
      id: 'ORDER9',
      app_id: 'APP',
      status: 'CREATED',
      parent_id: null,
      root_id: 'ORDER9',
      create_time: T0,
      update_time: T0,
      body: { id: 'ORDER9' },
      internal: {},
    };
    const approved = { trigger: 'approve', from_status: 'CREATED', to_status: 'APPROVED', at: T2, note: 'b' };
    database.transaction(() => {
      resources.insert(order, 'create-with-card');
      resources.update({ ...order, status: 'APPROVED', update_time: T2 }, approved);
    });
    expect(resources.history('order', 'ORDER9')).toEqual([
      { trigger: 'create-with-card', from_status: null, to_status: 'CREATED', at: T0, note: null },
      approved,
    ]);
    expect(resources.get('order', 'ORDER9')).toMatchObject({ status: 'APPROVED', update_time: T2 });
    expect(resources.get('order', 'ORDER9')).not.toHaveProperty('created_by');
    database.transaction(() => resources.deleteAll());
    expect(resources.history('order', 'ORDER9')).toEqual([]);
    database.close();
  });
});
