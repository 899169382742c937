import { create } from 'zustand';

export type SortOrder = 'asc' | 'desc';

/** How one list is being looked at: its filters, its page and its order. */
export interface ListViewState {
  status: string;
  searchText: string;
  page: number;
  sortBy: string;
  sortOrder: SortOrder;
}

export const INITIAL_LIST_VIEW: ListViewState = {
  status: '',
  searchText: '',
  page: 0,
  sortBy: 'create_time',
  sortOrder: 'desc',
};

interface ListViews {
  views: Record<string, ListViewState>;
  update(key: string, change: Partial<ListViewState>): void;
}

/**
 * Every list's view state for the life of the window, by list: leaving the Orders page for an order and
 * coming back finds the same filter, search, page and order, as a support agent working through a list
 * expects. A reload starts afresh.
 */
export const useListViews = create<ListViews>()((set) => ({
  views: {},
  update: (key, change) =>
    set((state) => ({
      views: { ...state.views, [key]: { ...(state.views[key] ?? INITIAL_LIST_VIEW), ...change } },
    })),
}));
