import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { afterFirstData } from './after-first-data';

/**
 * The drawer's "Deprecated: use …" caption of each entry whose API's endpoints are deprecated, by entry
 * path. They are read from the shared endpoints (spec 9.2), whose schemas are the largest module graph
 * of the renderer: loaded once the first page has drawn its data, so a start evaluates none of them.
 */
export function useNavDeprecations(
  entries: readonly { path: string; apiPrefix?: string }[],
): ReadonlyMap<string, string> {
  const queryClient = useQueryClient();
  const [captions, setCaptions] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    const cancel = afterFirstData(queryClient, () => {
      void import('../components/deprecation').then(({ replacementsUnder }) => {
        const found = new Map<string, string>();
        for (const entry of entries) {
          const replacements = entry.apiPrefix ? replacementsUnder(entry.apiPrefix) : [];
          if (replacements.length > 0) found.set(entry.path, `Deprecated: use ${replacements.join(' or ')}`);
        }
        if (live) startTransition(() => setCaptions(found));
      });
    });
    return () => {
      live = false;
      cancel();
    };
  }, [entries, queryClient]);
  return captions;
}
