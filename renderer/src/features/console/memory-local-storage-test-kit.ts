/**
 * For tests of the console's stores under Node: an in-memory localStorage, installed when this module is
 * imported (import it before the store, which reads its storage when it is created).
 */
const items = new Map<string, string>();
globalThis.localStorage = {
  getItem: (key: string) => items.get(key) ?? null,
  setItem: (key: string, value: string) => void items.set(key, value),
  removeItem: (key: string) => void items.delete(key),
  clear: () => items.clear(),
  key: (index: number) => [...items.keys()][index] ?? null,
  get length() {
    return items.size;
  },
};
