import { create } from 'zustand';
import type { ResultsSort } from './results-sort';
import type { SearchForm } from './search-model';

interface ReportsView {
  tab: 'transactions' | 'balances';
  /** The form as edited; undefined until the first edit (then it follows the simulated now). */
  form: SearchForm | undefined;
  /** The search the grid shows. */
  submitted: SearchForm | undefined;
  page: number;
  pageSize: number;
  sort: ResultsSort | undefined;
  set(change: Partial<Omit<ReportsView, 'set'>>): void;
}

/**
 * The Reports page's search, kept for the life of the window: opening a transaction from the grid and
 * coming back finds the same form, results page, page size and order.
 */
export const useReportsView = create<ReportsView>()((set) => ({
  tab: 'transactions',
  form: undefined,
  submitted: undefined,
  page: 1,
  pageSize: 100,
  sort: undefined,
  set: (change) => set(change),
}));
