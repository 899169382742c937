import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { newId, type Collection, type SavedRequest } from './collection-model';
import { BASE_URL_VARIABLE, type Variables } from './variables';

interface CollectionsState {
  collections: Collection[];
  variables: Variables;
  addCollection(name: string): Collection;
  renameCollection(id: string, name: string): void;
  removeCollection(id: string): void;
  /** Adds the request to the collection, or replaces the one with its id. */
  saveRequest(collectionId: string, request: SavedRequest): void;
  removeRequest(collectionId: string, requestId: string): void;
  /**
   * Adds an imported collection; its variables fill in the ones not set yet (values already set are kept:
   * they are this sandbox's ids). Returns the names whose value was kept.
   */
  importCollection(collection: Collection, variables: Variables): string[];
  setVariable(name: string, value: string): void;
  removeVariable(name: string): void;
}

/**
 * Saved requests in collections, and the console's variables. Kept in the renderer's localStorage, not
 * in the host's workspace: they are the user's own working notes (like an API client's scratchpad), the
 * sandbox's reset must not wipe them, and a remote environment has no place for them. Postman export and
 * import move them between machines.
 */
export const useCollections = create<CollectionsState>()(
  persist(
    (set, get) => ({
      collections: [],
      variables: {},
      addCollection: (name) => {
        const collection: Collection = {
          id: newId(),
          name: name.trim() || 'Untitled collection',
          requests: [],
        };
        set((state) => ({ collections: [...state.collections, collection] }));
        return collection;
      },
      renameCollection: (id, name) =>
        set((state) => ({
          collections: state.collections.map((c) =>
            c.id === id && name.trim() ? { ...c, name: name.trim() } : c,
          ),
        })),
      removeCollection: (id) =>
        set((state) => ({ collections: state.collections.filter((c) => c.id !== id) })),
      saveRequest: (collectionId, request) =>
        set((state) => ({
          collections: state.collections.map((c) =>
            c.id !== collectionId
              ? c
              : {
                  ...c,
                  requests: c.requests.some((r) => r.id === request.id)
                    ? c.requests.map((r) => (r.id === request.id ? request : r))
                    : [...c.requests, request],
                },
          ),
        })),
      removeRequest: (collectionId, requestId) =>
        set((state) => ({
          collections: state.collections.map((c) =>
            c.id === collectionId ? { ...c, requests: c.requests.filter((r) => r.id !== requestId) } : c,
          ),
        })),
      importCollection: (collection, variables) => {
        const current = get().variables;
        const kept = Object.keys(variables).filter(
          (name) => Object.hasOwn(current, name) && current[name] !== '' && current[name] !== variables[name],
        );
        const filled = Object.fromEntries(
          Object.entries(variables).filter(([name]) => !Object.hasOwn(current, name) || current[name] === ''),
        );
        set((state) => ({
          collections: [...state.collections, collection],
          variables: { ...state.variables, ...filled },
        }));
        return kept;
      },
      setVariable: (name, value) =>
        set((state) =>
          name === BASE_URL_VARIABLE ? {} : { variables: { ...state.variables, [name]: value } },
        ),
      removeVariable: (name) =>
        set((state) => {
          const { [name]: _removed, ...rest } = state.variables;
          return { variables: rest };
        }),
    }),
    {
      name: 'workbench.console.collections',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ collections: state.collections, variables: state.variables }),
    },
  ),
);
