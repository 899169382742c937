import { describe, expect, it } from 'vitest';
import './memory-local-storage-test-kit';
import { useCollections } from './collections-store';

describe('collections and variables', () => {
  it("fills in an import's variables that are not set, and keeps the values already set", () => {
    const store = useCollections.getState();
    store.setVariable('order_id', 'MINE');
    store.setVariable('empty', '');
    const kept = store.importCollection(
      { id: 'c', name: 'Imported', requests: [] },
      { order_id: 'THEIRS', empty: 'filled', fresh: 'new' },
    );
    expect(kept).toEqual(['order_id']);
    expect(useCollections.getState().variables).toMatchObject({
      order_id: 'MINE',
      empty: 'filled',
      fresh: 'new',
    });
    expect(useCollections.getState().collections.map((c) => c.name)).toContain('Imported');
  });

  it('never stores base_url: it is the active environment', () => {
    useCollections.getState().setVariable('base_url', 'http://elsewhere');
    expect(useCollections.getState().variables).not.toHaveProperty('base_url');
  });

  it('saves a request once, then replaces it by id', () => {
    const collection = useCollections.getState().addCollection('Mine');
    const request = {
      id: 'r',
      name: 'A',
      method: 'GET' as const,
      path: '/x',
      headers: {},
      body: '',
      captures: [],
    };
    useCollections.getState().saveRequest(collection.id, request);
    useCollections.getState().saveRequest(collection.id, { ...request, name: 'B' });
    const saved = useCollections.getState().collections.find((c) => c.id === collection.id);
    expect(saved?.requests.map((r) => r.name)).toEqual(['B']);
  });
});
