import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OutsideTransactionError } from './outside-transaction-error.js';
import { SEED_MERCHANT } from './seed.js';
import { Store } from './store.js';

const T0 = Date.parse('2026-05-15T12:00:00Z');

/** Every write method of every repository, each as one call. */
const WRITES: [string, (store: Store) => unknown][] = [
  ['meta.set', (s) => s.meta.set('k', 'v')],
  ['accounts.upsert', (s) => s.accounts.upsert({ ...SEED_MERCHANT, id: 'ACC2', email: 'two@example.com' })],
  ['accounts.deleteNotSeeded', (s) => s.accounts.deleteNotSeeded()],
  [
    'apps.insert',
    (s) =>
      s.apps.insert({
        id: 'APP2',
        client_id: 'C2',
        client_secret: 'S2',
        name: 'two',
        merchant_id: SEED_MERCHANT.id,
        scopes: [],
        created_at: '2026-05-15T12:00:00Z',
      }),
  ],
  ['apps.updateCredentials', (s) => s.apps.updateCredentials('APP1', 'C9', 'S9')],
  ['apps.updateScopes', (s) => s.apps.updateScopes('APP1', ['x'])],
  ['tokens.insert', (s) => s.tokens.insert({ token: 'T2', app_id: 'APP1', scopes: [], expires_at: T0 })],
  ['tokens.deleteExpired', (s) => s.tokens.deleteExpired(T0 + 1)],
  [
    'resources.insert',
    (s) =>
      s.resources.insert(
        {
          kind: 'order',
          id: 'ORDER2',
          app_id: 'APP1',
          status: 'CREATED',
          parent_id: null,
          root_id: 'ORDER2',
          create_time: '2026-05-15T12:00:00Z',
          update_time: '2026-05-15T12:00:00Z',
          body: {},
          internal: {},
        },
        'create',
      ),
  ],
  [
    'resources.update',
    (s) =>
      s.resources.update(
        { ...order('ORDER1'), status: 'APPROVED' },
        { trigger: 'approve', from_status: 'CREATED', to_status: 'APPROVED', at: 'x', note: null },
      ),
  ],
  ['resources.deleteAll', (s) => s.resources.deleteAll()],
  [
    'idempotency.save',
    (s) =>
      s.idempotency.save({
        app_id: 'APP1',
        operation: 'POST /v2/x',
        key: 'K2',
        status_code: 201,
        resource_kind: 'order',
        resource_id: 'ORDER1',
        created_at: T0,
        expires_at: T0 + 1,
      }),
  ],
  ['idempotency.deleteExpired', (s) => s.idempotency.deleteExpired(T0 + 10)],
  [
    'jobs.schedule',
    (s) =>
      s.jobs.schedule({ id: 'JOB2', kind: 'k', due_at: T0, payload: {}, unique_key: null, created_at: T0 }),
  ],
  ['jobs.delete', (s) => s.jobs.delete('JOB1')],
  ['jobs.cancel', (s) => s.jobs.cancel('U1')],
  ['jobs.deleteAll', (s) => s.jobs.deleteAll()],
];

function order(id: string) {
  return {
    kind: 'order' as const,
    id,
    app_id: 'APP1',
    status: 'CREATED',
    parent_id: null,
    root_id: id,
    create_time: '2026-05-15T12:00:00Z',
    update_time: '2026-05-15T12:00:00Z',
    body: {},
    internal: {},
  };
}

/** The whole database as rows, to show a refused write changed nothing. */
function snapshot(store: Store): string {
  const tables = ['meta', 'accounts', 'apps', 'access_tokens', 'resources', 'resource_history'];
  const more = ['idempotency_keys', 'jobs'];
  return JSON.stringify(
    [...tables, ...more].map((t) => store.db.db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).all()),
  );
}

describe('repository writes refuse to run outside a transaction', () => {
  let store: Store;
  beforeEach(() => {
    store = new Store({ kind: 'memory' });
    // One row of each kind for the updates and deletes to find.
    store.transaction(() => {
      store.accounts.upsert(SEED_MERCHANT);
      store.apps.insert({
        id: 'APP1',
        client_id: 'C1',
        client_secret: 'S1',
        name: 'one',
        merchant_id: SEED_MERCHANT.id,
        scopes: [],
        created_at: '2026-05-15T12:00:00Z',
      });
      store.tokens.insert({ token: 'T1', app_id: 'APP1', scopes: [], expires_at: T0 });
      store.resources.insert(order('ORDER1'), 'create');
      store.jobs.schedule({
        id: 'JOB1',
        kind: 'k',
        due_at: T0,
        payload: {},
        unique_key: 'U1',
        created_at: T0,
      });
    });
  });
  afterEach(() => store.close());

  it.each(WRITES)('%s throws OutsideTransactionError and writes nothing', (_name, write) => {
    const before = snapshot(store);
    expect(() => write(store)).toThrow(OutsideTransactionError);
    expect(() => write(store)).toThrow(/ran outside a transaction/);
    expect(snapshot(store)).toBe(before);
  });

  it.each(WRITES)('%s runs inside store.transaction', (_name, write) => {
    expect(() => store.transaction(() => write(store))).not.toThrow();
  });

  it.each(WRITES)("%s runs inside a request's commit group work", async (_name, write) => {
    await store.db.grouped(() => write(store));
  });

  it('the error is a programming error, not an API error: a plain Error with no HTTP status', () => {
    try {
      store.meta.set('k', 'v');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(Error);
      expect(error).toBeInstanceOf(OutsideTransactionError);
      expect((error as Error).name).toBe('OutsideTransactionError');
      expect(error).not.toHaveProperty('status');
      expect((error as Error).message).toContain('INSERT INTO meta');
    }
  });

  it('reads need no transaction', () => {
    expect(store.meta.get('missing')).toBeUndefined();
    expect(store.apps.byId('APP1')?.name).toBe('one');
    expect(store.jobs.listPending()).toHaveLength(1);
  });

  it('Database.write and assertInTransaction are the one check', () => {
    expect(() => store.db.write('DELETE FROM meta')).toThrow(OutsideTransactionError);
    expect(() => store.db.assertInTransaction('Saving X')).toThrow(/^Saving X ran outside a transaction/);
    store.transaction(() => {
      expect(() => store.db.assertInTransaction()).not.toThrow();
      expect(store.db.write('DELETE FROM meta')).toBe(store.db.write('DELETE FROM meta')); // cached
    });
  });

  it('opening and migrating a store writes without a caller transaction', () => {
    expect(() => new Store({ kind: 'memory' }).close()).not.toThrow();
  });
});

describe('accounts cache version', () => {
  it('moves again when an account write is rolled back, so a cache filled in between is dropped', () => {
    const store = new Store({ kind: 'memory' });
    let seenInside = -1;
    expect(() =>
      store.transaction(() => {
        store.accounts.upsert(SEED_MERCHANT);
        seenInside = store.accounts.version; // a cache would key what it read now by this version
        throw new Error('request failed');
      }),
    ).toThrow('request failed');
    expect(store.accounts.byId(SEED_MERCHANT.id)).toBeUndefined();
    expect(store.accounts.version).not.toBe(seenInside);
    // A committed write keeps its version.
    store.transaction(() => store.accounts.upsert(SEED_MERCHANT));
    const committed = store.accounts.version;
    store.transaction(() => {});
    expect(store.accounts.version).toBe(committed);
    store.close();
  });
});
