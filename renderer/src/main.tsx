import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setResourcePlaces } from './app/router';
import { LOOKUP_SEGMENT, RESOURCE_ROUTES } from './features/registry';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 2_000 } },
});

setResourcePlaces({ kinds: RESOURCE_ROUTES, lookup: LOOKUP_SEGMENT });

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
