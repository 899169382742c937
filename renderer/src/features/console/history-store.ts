import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ApiResponse } from '../../../../shared/bridge';
import type { HttpMethod } from './endpoint-schemas';

/** One header row of the console (rows keep their order and may be blank while typed). */
export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

/** What the console is editing. */
export interface ConsoleRequest {
  method: HttpMethod;
  path: string;
  headers: HeaderRow[];
  /** The editor's text, exactly as typed. */
  body: string;
  /** Send without the bearer token (to see the 401). */
  anonymous: boolean;
}

/** A request the console sent, to restore with one click. */
export interface HistoryEntry {
  id: string;
  at: string;
  method: HttpMethod;
  path: string;
  headers: Record<string, string>;
  body: string;
  anonymous: boolean;
  status?: number;
  duration_ms?: number;
}

export const HISTORY_LIMIT = 50;

let nextRow = 1;
export const headerRow = (name = '', value = ''): HeaderRow => ({ id: nextRow++, name, value });

export const rowsFromRecord = (headers: Record<string, string> | undefined): HeaderRow[] => {
  const rows = Object.entries(headers ?? {}).map(([name, value]) => headerRow(name, value));
  return rows.length > 0 ? rows : [headerRow()];
};

export const recordFromRows = (rows: readonly HeaderRow[]): Record<string, string> =>
  Object.fromEntries(rows.filter((r) => r.name.trim() !== '').map((r) => [r.name.trim(), r.value]));

const INITIAL: ConsoleRequest = {
  method: 'GET',
  path: '/v1/test-helpers/clock',
  headers: [headerRow()],
  body: '',
  anonymous: false,
};

interface ConsoleState {
  request: ConsoleRequest;
  /** The last answer (kept while the user visits other pages; not persisted). */
  response: ApiResponse | undefined;
  history: HistoryEntry[];
  update(patch: Partial<ConsoleRequest>): void;
  setResponse(response: ApiResponse | undefined): void;
  record(entry: Omit<HistoryEntry, 'id' | 'at'>): void;
  restore(entry: HistoryEntry): void;
  clearHistory(): void;
}

/**
 * The console's working request and its history of the last 50 sends (zustand, kept in localStorage so
 * both survive a reload).
 */
export const useConsoleStore = create<ConsoleState>()(
  persist(
    (set) => ({
      request: INITIAL,
      response: undefined,
      history: [],
      update: (patch) => set((state) => ({ request: { ...state.request, ...patch } })),
      setResponse: (response) => set({ response }),
      record: (entry) =>
        set((state) => ({
          history: [
            {
              ...entry,
              id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
              at: new Date().toISOString(),
            },
            ...state.history,
          ].slice(0, HISTORY_LIMIT),
        })),
      restore: (entry) =>
        set({
          request: {
            method: entry.method,
            path: entry.path,
            headers: rowsFromRecord(entry.headers),
            body: entry.body,
            anonymous: entry.anonymous,
          },
        }),
      clearHistory: () => set({ history: [] }),
    }),
    {
      name: 'workbench.console',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ request: state.request, history: state.history }),
      // Row ids only need to be unique within this page's life: renumber what was stored.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Pick<ConsoleState, 'request' | 'history'>>;
        const request = stored.request
          ? {
              ...INITIAL,
              ...stored.request,
              headers: rowsFromRecord(recordFromRows(stored.request.headers ?? [])),
            }
          : current.request;
        return {
          ...current,
          request,
          history: Array.isArray(stored.history) ? stored.history.slice(0, HISTORY_LIMIT) : [],
        };
      },
    },
  ),
);
