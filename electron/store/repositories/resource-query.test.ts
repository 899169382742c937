import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../store.js';
import type { StoredResource } from './resources-repo.js';

let store: Store | undefined;
afterEach(() => store?.close());

function resource(id: string, over: Partial<StoredResource> = {}): StoredResource {
  return {
    kind: 'thing',
    id,
    app_id: 'app-1',
    status: 'ACTIVE',
    parent_id: null,
    root_id: id,
    create_time: `2026-01-0${id.slice(-1)}T00:00:00Z`,
    update_time: `2026-01-0${id.slice(-1)}T00:00:00Z`,
    body: { name: `name-${id}`, lines: [{ payee: { merchant_id: 'M1' } }] },
    internal: { merchant_id: 'M1' },
    ...over,
  };
}

function seeded(): Store {
  store = new Store({ kind: 'memory' });
  const s = store;
  s.transaction(() => {
    s.resources.insert(resource('t1'), 'test');
    s.resources.insert(
      resource('t2', { app_id: 'app-2', internal: { merchant_id: 'M2', expires_at: 5 } }),
      'test',
    );
    s.resources.insert(
      resource('t3', { status: 'DELETED', parent_id: 'p', internal: { merchant_id: 'M1', token: 'tok' } }),
      'test',
    );
    s.resources.insert(
      resource('t4', { parent_id: 'p', body: { name: 'x', lines: [{ payee: { merchant_id: 'M9' } }] } }),
      'test',
    );
  });
  return s;
}

describe('owner-scoped resource queries', () => {
  it('scopes by app or merchant, newest first unless sorted otherwise', () => {
    const s = seeded();
    expect(s.resources.ids({ kind: 'thing', app: 'app-1' })).toEqual(['t4', 't3', 't1']);
    expect(
      s.resources.ids({ kind: 'thing', merchant: 'M1', sort: { by: 'create_time', order: 'asc' } }),
    ).toEqual(['t1', 't3', 't4']);
    expect(s.resources.owned('thing', 't2', 'app-1')).toBeUndefined();
    expect(s.resources.owned('thing', 't2', 'app-2')?.id).toBe('t2');
  });

  it('filters by parent, status, members, expiry, time and array elements; empty lists match nothing', () => {
    const s = seeded();
    const ids = (q: Omit<Parameters<typeof s.resources.ids>[0], 'kind'>) =>
      s.resources.ids({ kind: 'thing', ...q });
    expect(ids({ parent: 'p', notStatus: 'DELETED' })).toEqual(['t4']);
    expect(ids({ status: ['DELETED', 'NONE'] })).toEqual(['t3']);
    expect(ids({ members: { 'internal.token': 'tok' } })).toEqual(['t3']);
    expect(ids({ memberIn: { member: 'body.name', values: ['name-t1', 'x'] } })).toEqual(['t4', 't1']);
    expect(ids({ ids: [] })).toEqual([]);
    expect(ids({ merchant: 'M2', unexpired: { member: 'internal.expires_at', now: 4 } })).toEqual(['t2']);
    expect(ids({ merchant: 'M2', unexpired: { member: 'internal.expires_at', now: 5 } })).toEqual([]);
    expect(ids({ between: { column: 'create_time', from: '2026-01-02', to: '2026-01-04' } })).toEqual([
      't3',
      't2',
    ]);
    expect(ids({ anyElement: { array: 'body.lines', member: 'payee.merchant_id', value: 'M9' } })).toEqual([
      't4',
    ]);
  });

  it('pages with a total, and refuses member names that are not plain', () => {
    const s = seeded();
    const page = s.resources.page({ kind: 'thing', app: 'app-1' }, 2, 1);
    expect(page.total).toBe(3);
    expect(page.items.map((r) => r.id)).toEqual(['t3', 't1']);
    expect(s.resources.findOne({ kind: 'thing', members: { 'body.name': 'x' } })?.id).toBe('t4');
    expect(() => s.resources.ids({ kind: 'thing', members: { "body.x') OR 1=1 --": 'y' } })).toThrow();
  });
});
