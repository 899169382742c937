import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { afterFirstPaint } from './after-first-paint';

/** How long the extras wait for the first page's data at most: a slow host must not keep the clock away. */
const PATIENCE_MS = 2_000;

/**
 * Runs `work` once the page the workbench opened on has its data and has drawn it: when no query is in
 * flight any more (or `patienceMs` have passed), after the next paint and in an idle moment. Work that
 * only started after the first paint (the clock's menus, the start panel, the drawer's captions read
 * from every endpoint) used to fall between the first page's data and its rows: their chunks' loading
 * and evaluation came first, and the Orders list waited for its rows a second longer on a busy machine.
 * Returns a cancel.
 */
export function afterFirstData(
  queryClient: QueryClient,
  work: () => void,
  patienceMs = PATIENCE_MS,
): () => void {
  let started = false;
  let cancelPaint: (() => void) | undefined;
  const start = () => {
    if (started) return;
    started = true;
    unsubscribe();
    clearTimeout(patience);
    cancelPaint = afterFirstPaint(work);
  };
  // Called from an effect of the shell, after the page's own effects (children's run first) have sent
  // its queries.
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (queryClient.isFetching() === 0) start();
  });
  const patience = setTimeout(start, patienceMs);
  if (queryClient.isFetching() === 0) start();
  return () => {
    started = true;
    unsubscribe();
    clearTimeout(patience);
    cancelPaint?.();
  };
}

/**
 * False until the page the workbench opened on has drawn its data (see `afterFirstData`), then true;
 * what turns on with it is drawn in a transition, in slices that leave the page responsive.
 */
export function useFirstDataDrawn(): boolean {
  const queryClient = useQueryClient();
  const [drawn, setDrawn] = useState(false);
  useEffect(() => afterFirstData(queryClient, () => startTransition(() => setDrawn(true))), [queryClient]);
  return drawn;
}
