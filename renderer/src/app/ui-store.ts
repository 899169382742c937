import { create } from 'zustand';

/** A request prepared elsewhere (replay from the log, "edit" on an order) for the console to open. */
export interface ConsoleDraft {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Notice {
  id: number;
  message: string;
  severity: 'success' | 'info' | 'warning' | 'error';
  /** What the notice is about: a later notice with the same key replaces it where it stands. */
  key?: string;
}

interface UiState {
  themeMode: 'light' | 'dark';
  toggleTheme(): void;
  consoleDraft: ConsoleDraft | undefined;
  openInConsole(draft: ConsoleDraft): void;
  takeConsoleDraft(): ConsoleDraft | undefined;
  /** The navigation drawer is shown (it folds away to give a page the whole width). */
  drawerOpen: boolean;
  toggleDrawer(): void;
  notices: Notice[];
  /**
   * Shows a notice for a few seconds. With a `key`, a notice of that key still shown is told the new
   * message instead of a second one being raised (a burst summary growing): it becomes the newest and
   * stays up from now.
   */
  notify(message: string, severity?: Notice['severity'], options?: { key?: string }): void;
  dismiss(id: number): void;
}

/**
 * The theme chosen before, else the system's. Read when the store is created, which is at import: where
 * there is no browser storage (the feature registry loaded by a unit test under Node) it is light.
 */
function storedTheme(): 'light' | 'dark' {
  if (typeof localStorage === 'undefined') return 'light';
  const chosen = localStorage.getItem('workbench.theme');
  if (chosen !== null) return chosen === 'dark' ? 'dark' : 'light';
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** How long a notice stays up after its last message; an error, which asks for action, stays longer. */
export const NOTICE_SHOWN_MS = 4_500;
const ERROR_SHOWN_MS = 9_000;

let nextNotice = 1;
/** Each shown notice's timer to go, restarted when a keyed notice is told again. */
const noticeTimers = new Map<number, ReturnType<typeof setTimeout>>();

/** UI-only state (zustand): theme, notifications, the console's pending draft. Host data lives in react-query. */
export const useUi = create<UiState>((set, get) => ({
  themeMode: storedTheme(),
  toggleTheme: () =>
    set((state) => {
      const themeMode = state.themeMode === 'light' ? 'dark' : 'light';
      localStorage.setItem('workbench.theme', themeMode);
      return { themeMode };
    }),
  drawerOpen: typeof localStorage === 'undefined' || localStorage.getItem('workbench.drawer') !== 'closed',
  toggleDrawer: () =>
    set((state) => {
      const drawerOpen = !state.drawerOpen;
      localStorage.setItem('workbench.drawer', drawerOpen ? 'open' : 'closed');
      return { drawerOpen };
    }),
  consoleDraft: undefined,
  openInConsole: (draft) => {
    set({ consoleDraft: draft });
    window.location.hash = '#/console';
  },
  takeConsoleDraft: () => {
    const draft = get().consoleDraft;
    if (draft) set({ consoleDraft: undefined });
    return draft;
  },
  notices: [],
  notify: (message, severity = 'info', { key } = {}) => {
    const shown = key === undefined ? undefined : get().notices.find((n) => n.key === key);
    const id = shown?.id ?? nextNotice++;
    const notice: Notice = { id, message, severity, ...(key === undefined ? {} : { key }) };
    // A notice told again is the newest: it moves to the end, where the newest three are shown.
    set((state) => ({
      notices: [...state.notices.filter((n) => n.id !== id).slice(-4), notice],
    }));
    // Each notice has its own timer, so a stream of new ones never keeps old ones up.
    clearTimeout(noticeTimers.get(id));
    noticeTimers.set(
      id,
      setTimeout(() => get().dismiss(id), severity === 'error' ? ERROR_SHOWN_MS : NOTICE_SHOWN_MS),
    );
  },
  dismiss: (id) => {
    clearTimeout(noticeTimers.get(id));
    noticeTimers.delete(id);
    set((state) => ({ notices: state.notices.filter((n) => n.id !== id) }));
  },
}));
