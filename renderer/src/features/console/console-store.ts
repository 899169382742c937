import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ApiResponse } from '../../../../shared/bridge';
import { newId, type Capture } from './collection-model';
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
  /** A path on the active environment, or `{{base_url}}/...`; may hold `{{variables}}`. */
  path: string;
  headers: HeaderRow[];
  /** The editor's text, exactly as typed. */
  body: string;
  /** Send without the bearer token (to see the 401). */
  anonymous: boolean;
}

/** One open tab: its request, what sets variables from its answers, and its last answer. */
export interface ConsoleTab {
  id: string;
  request: ConsoleRequest;
  captures: Capture[];
  /** The saved request it was opened from (Save overwrites it), with its name. */
  saved?: { collectionId: string; requestId: string; name: string };
  /** The last answer to this tab's request as it is now (cleared when its method or path changes). */
  response?: ApiResponse;
  /** Why the last send failed before an answer came (the host could not reach the environment). */
  error?: string;
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
export const TAB_LIMIT = 12;

let nextRow = 1;
export const headerRow = (name = '', value = ''): HeaderRow => ({ id: nextRow++, name, value });

export const rowsFromRecord = (headers: Record<string, string> | undefined): HeaderRow[] => {
  const rows = Object.entries(headers ?? {}).map(([name, value]) => headerRow(name, value));
  return rows.length > 0 ? rows : [headerRow()];
};

export const recordFromRows = (rows: readonly HeaderRow[]): Record<string, string> =>
  Object.fromEntries(rows.filter((r) => r.name.trim() !== '').map((r) => [r.name.trim(), r.value]));

const INITIAL_REQUEST: ConsoleRequest = {
  method: 'GET',
  path: '/v1/test-helpers/clock',
  headers: [headerRow()],
  body: '',
  anonymous: false,
};

const newTab = (request: ConsoleRequest = INITIAL_REQUEST, rest: Partial<ConsoleTab> = {}): ConsoleTab => ({
  id: newId(),
  request,
  captures: [],
  ...rest,
});

/** What opening a request in a tab takes. */
export interface TabContent {
  request: ConsoleRequest;
  captures?: Capture[];
  saved?: ConsoleTab['saved'];
}

interface ConsoleState {
  tabs: ConsoleTab[];
  activeTabId: string;
  history: HistoryEntry[];
  /** Edits the active tab's request; a new method or path drops the answer to the old one. */
  update(patch: Partial<ConsoleRequest>): void;
  setCaptures(captures: Capture[]): void;
  /** Records the outcome of a send on the tab it was sent from (which may no longer be active). */
  setResult(tabId: string, result: { response?: ApiResponse; error?: string }): void;
  /** Opens a tab (or shows the one already holding that saved request). */
  openTab(content?: TabContent): void;
  selectTab(id: string): void;
  closeTab(id: string): void;
  markSaved(tabId: string, saved: NonNullable<ConsoleTab['saved']>): void;
  record(entry: Omit<HistoryEntry, 'id' | 'at'>): void;
  restore(entry: HistoryEntry): void;
  clearHistory(): void;
}

/** The tab being edited. */
export const activeTab = (state: Pick<ConsoleState, 'tabs' | 'activeTabId'>): ConsoleTab =>
  state.tabs.find((t) => t.id === state.activeTabId) ?? state.tabs[0] ?? newTab();

/** The active tab's request. */
export const activeRequest = (state: Pick<ConsoleState, 'tabs' | 'activeTabId'>): ConsoleRequest =>
  activeTab(state).request;

const requestChanged = (before: ConsoleRequest, patch: Partial<ConsoleRequest>): boolean =>
  (patch.method !== undefined && patch.method !== before.method) ||
  (patch.path !== undefined && patch.path !== before.path);

const INITIAL_TAB = newTab();

/**
 * The console's open tabs (each with its request and last answer) and its history of the last 50 sends.
 * Tabs and history are kept in localStorage so a reload brings them back; answers are not (they may be
 * large, and they describe the sandbox as it was).
 */
export const useConsoleStore = create<ConsoleState>()(
  persist(
    (set) => ({
      tabs: [INITIAL_TAB],
      activeTabId: INITIAL_TAB.id,
      history: [],
      update: (patch) =>
        set((state) => {
          const current = activeTab(state);
          const cleared = requestChanged(current.request, patch);
          return {
            tabs: state.tabs.map((tab) =>
              tab.id === current.id
                ? {
                    ...tab,
                    request: { ...tab.request, ...patch },
                    ...(cleared ? { response: undefined, error: undefined } : {}),
                  }
                : tab,
            ),
          };
        }),
      setCaptures: (captures) =>
        set((state) => ({
          tabs: state.tabs.map((tab) => (tab.id === state.activeTabId ? { ...tab, captures } : tab)),
        })),
      setResult: (tabId, result) =>
        set((state) => ({
          tabs: state.tabs.map((tab) =>
            tab.id === tabId ? { ...tab, response: result.response, error: result.error } : tab,
          ),
        })),
      openTab: (content) =>
        set((state) => {
          const open = content?.saved
            ? state.tabs.find((t) => t.saved?.requestId === content.saved?.requestId)
            : undefined;
          if (open) return { activeTabId: open.id };
          const tab = newTab(content?.request, {
            captures: content?.captures ?? [],
            ...(content?.saved ? { saved: content.saved } : {}),
          });
          // Past the limit the oldest tab that is not active gives way.
          const kept = state.tabs.length >= TAB_LIMIT ? state.tabs.slice(1) : state.tabs;
          return { tabs: [...kept, tab], activeTabId: tab.id };
        }),
      selectTab: (id) => set((state) => (state.tabs.some((t) => t.id === id) ? { activeTabId: id } : {})),
      closeTab: (id) =>
        set((state) => {
          const index = state.tabs.findIndex((t) => t.id === id);
          if (index < 0) return {};
          const rest = state.tabs.filter((t) => t.id !== id);
          if (rest.length === 0) {
            const fresh = newTab();
            return { tabs: [fresh], activeTabId: fresh.id };
          }
          const activeTabId =
            state.activeTabId === id ? (rest[Math.min(index, rest.length - 1)]?.id ?? '') : state.activeTabId;
          return { tabs: rest, activeTabId };
        }),
      markSaved: (tabId, saved) =>
        set((state) => ({ tabs: state.tabs.map((t) => (t.id === tabId ? { ...t, saved } : t)) })),
      record: (entry) =>
        set((state) => ({
          history: [{ ...entry, id: newId(), at: new Date().toISOString() }, ...state.history].slice(
            0,
            HISTORY_LIMIT,
          ),
        })),
      restore: (entry) =>
        set((state) => {
          const current = activeTab(state);
          return {
            tabs: state.tabs.map((tab) =>
              tab.id === current.id
                ? {
                    ...tab,
                    request: {
                      method: entry.method,
                      path: entry.path,
                      headers: rowsFromRecord(entry.headers),
                      body: entry.body,
                      anonymous: entry.anonymous,
                    },
                    response: undefined,
                    error: undefined,
                  }
                : tab,
            ),
          };
        }),
      clearHistory: () => set({ history: [] }),
    }),
    {
      name: 'workbench.console',
      version: 2,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        tabs: state.tabs.map(({ response: _response, error: _error, ...tab }) => tab),
        activeTabId: state.activeTabId,
        history: state.history,
      }),
      // Version 1 kept one request; it becomes the first tab.
      migrate: (persisted, version) => {
        const stored = (persisted ?? {}) as { request?: ConsoleRequest; history?: HistoryEntry[] };
        if (version < 2 && stored.request) {
          const tab = newTab(stored.request);
          return { tabs: [tab], activeTabId: tab.id, history: stored.history ?? [] };
        }
        return persisted;
      },
      // Row ids only need to be unique within this page's life: renumber what was stored.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Pick<ConsoleState, 'tabs' | 'activeTabId' | 'history'>>;
        const tabs = Array.isArray(stored.tabs)
          ? stored.tabs.slice(0, TAB_LIMIT).map((tab) => ({
              ...tab,
              captures: Array.isArray(tab.captures) ? tab.captures : [],
              request: {
                ...INITIAL_REQUEST,
                ...tab.request,
                headers: rowsFromRecord(recordFromRows(tab.request?.headers ?? [])),
              },
            }))
          : [];
        if (tabs.length === 0) return current;
        return {
          ...current,
          tabs,
          activeTabId: tabs.some((t) => t.id === stored.activeTabId)
            ? (stored.activeTabId ?? '')
            : (tabs[0]?.id ?? ''),
          history: Array.isArray(stored.history) ? stored.history.slice(0, HISTORY_LIMIT) : [],
        };
      },
    },
  ),
);
