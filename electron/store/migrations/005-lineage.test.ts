import { afterEach, describe, expect, it } from 'vitest';
import { Database } from '../db.js';
import { ResourcesRepository } from '../repositories/resources-repo.js';
import { oldWorkspaces } from './migration-test-kit.js';

const T0 = '2026-01-01T00:00:00Z';
const T1 = '2026-01-01T00:01:00Z';

describe('migration 005 (lineage)', () => {
  const workspaces = oldWorkspaces('migration-005-');
  afterEach(() => workspaces.cleanup());

  /** A workspace as version 4 left it: an order, its authorization and capture, and another order. */
  function workspaceAtVersion4(): string {
    return workspaces.at(4, (raw) => {
      const resource = raw.prepare(
        `INSERT INTO resources (kind, id, app_id, status, parent_id, order_id, create_time, update_time, body)
       VALUES (?, ?, 'APP', ?, ?, ?, ?, ?, '{}')`,
      );
      resource.run('order', 'ORDER1', 'COMPLETED', null, 'ORDER1', T0, T1);
      resource.run('authorization', 'AUTH1', 'CAPTURED', 'ORDER1', 'ORDER1', T1, T1);
      resource.run('capture', 'CAP1', 'COMPLETED', 'AUTH1', 'ORDER1', T1, T1);
      resource.run('order', 'ORDER2', 'CREATED', null, 'ORDER2', T0, T0);
    });
  }

  it('keeps every lineage: a root names itself, its descendants name it', () => {
    const database = new Database({ kind: 'dir', dir: workspaceAtVersion4() });
    const resources = new ResourcesRepository(database);
    expect(resources.get('capture', 'CAP1')?.root_id).toBe('ORDER1');
    expect(resources.get('order', 'ORDER2')?.root_id).toBe('ORDER2');
    expect(resources.byRoot('capture', 'ORDER1').map((r) => r.id)).toEqual(['CAP1']);
    expect(resources.byRoot('authorization', 'ORDER1').map((r) => r.id)).toEqual(['AUTH1']);
    expect(resources.byRoot('order', 'ORDER1').map((r) => r.id)).toEqual(['ORDER1']);
    expect(resources.byRoot('capture', 'ORDER2')).toEqual([]);
    expect(resources.byRoot('order', 'NO-SUCH-ORDER')).toEqual([]);
    const listed = resources.list('capture', { rootId: 'ORDER1' }, 10, 0);
    expect(listed.items.map((r) => r.id)).toEqual(['CAP1']);
    expect(resources.list('order', { rootId: 'ORDER1' }, 10, 0).items.map((r) => r.id)).toEqual(['ORDER1']);
    database.close();
  });

  it('indexes descendants only (a root is found by its key), and the lineage query uses that index', () => {
    const database = new Database({ kind: 'dir', dir: workspaceAtVersion4() });
    const indexed = database.db
      .prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND name = 'resources_by_root'")
      .get() as { sql: string } | undefined;
    expect(indexed?.sql).toContain('WHERE root_id <> id');
    const plan = database.db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM resources WHERE kind = ? AND root_id = ? AND root_id <> id')
      .all('capture', 'ORDER1') as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toContain('resources_by_root');
    database.close();
  });
});
