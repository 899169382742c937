import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import type { CaptionedEntry } from '../components/deprecated-endpoints';
import { afterFirstData } from './after-first-data';

/**
 * The [path, caption] pairs of the entries, from a worker (`nav-deprecations.worker.ts`); where no worker
 * starts, on the main thread as before, which evaluates the endpoints' schemas here.
 */
function captionsOf(entries: readonly CaptionedEntry[]): Promise<[string, string][]> {
  const plain = entries.map(({ path, apiPrefix }) => ({ path, ...(apiPrefix ? { apiPrefix } : {}) }));
  const onMainThread = async () =>
    (await import('../components/deprecated-endpoints')).deprecationCaptions(plain);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./nav-deprecations.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return onMainThread();
  }
  return new Promise<[string, string][]>((resolve) => {
    worker.onmessage = (event: MessageEvent<[string, string][]>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(onMainThread());
    };
    worker.postMessage(plain);
  });
}

/**
 * The drawer's "Deprecated: use …" caption of each entry whose API's endpoints are deprecated, by entry
 * path. They are read from the shared endpoints (spec 9.2), whose schemas are the largest module graph
 * of the renderer: worked out in a worker once the first page has drawn its data, so neither the start
 * nor the page evaluates any of them.
 */
export function useNavDeprecations(
  entries: readonly { path: string; apiPrefix?: string }[],
): ReadonlyMap<string, string> {
  const queryClient = useQueryClient();
  const [captions, setCaptions] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    const cancel = afterFirstData(queryClient, () => {
      void captionsOf(entries).then((found) => {
        if (live) startTransition(() => setCaptions(new Map(found)));
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [entries, queryClient]);
  return captions;
}
