import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { queryKeys } from './api/query-keys';
import { App } from './app/App';
import { currentRoute, setResourcePlaces } from './app/router';
import { bridge } from './bridge';
import { HOME_SEGMENT, LOOKUP_SEGMENT, RESOURCE_ROUTES, ROUTES } from './features/registry';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 2_000 } },
});

setResourcePlaces({ kinds: RESOURCE_ROUTES, lookup: LOOKUP_SEGMENT });

// What the first page shows is asked for before anything is drawn: the host answers while the shell
// and the page render, and the page's rows come with its first render rather than a round trip later.
void queryClient.prefetchQuery({ queryKey: queryKeys.info, queryFn: () => bridge.getInfo({}) });
const [segment = HOME_SEGMENT, id] = currentRoute();
if (id === undefined) ROUTES.get(segment)?.prefetch?.(queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
// A transition: React renders the first tree in slices of a few milliseconds, yielding to the browser
// between them, instead of one task as long as the whole shell and page take.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </StrictMode>,
  );
});
