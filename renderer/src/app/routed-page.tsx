import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { Suspense, memo } from 'react';
import { useHostInfo } from '../api/use-host-info';
import { HOME_SEGMENT, ROUTES } from '../features/registry';

/** The page of a route, as the feature registry declares it. */
function Page({ route }: { route: string[] }) {
  const [segment = HOME_SEGMENT, id] = route;
  const pages = ROUTES.get(segment);
  const active = useHostInfo((info) => info.active_environment).data;
  if (!pages) return <Typography sx={{ p: 3 }}>No page at #/{route.join('/')}.</Typography>;
  // Never the embedded data under a remote name: a page that reads the workbench's own store says so.
  const notice =
    active?.kind === 'remote' && pages.reads !== 'active-environment' ? (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="embedded-data-notice">
        This page shows the <strong>embedded sandbox</strong>, not {active.name}: it reads the workbench's own
        store. The Console, Reports and Events read {active.name} through its API.
      </Alert>
    ) : null;
  // Pages load on demand (each feature's pages are a chunk of their own): the shell stays while one loads.
  return (
    <>
      {notice}
      <Suspense
        fallback={
          <Typography color="text.secondary" role="status" data-testid="page-loading">
            Loading…
          </Typography>
        }
      >
        {id !== undefined && pages.detail ? <pages.detail id={id} /> : <pages.list route={route} id={id} />}
      </Suspense>
    </>
  );
}

/**
 * The routed page, drawn again only when the route changes (or its own queries do): a change in the
 * shell around it (the clock, a notice, the theme's toggle) leaves a table of a page as it is.
 */
export const RoutedPage = memo(Page, (before, after) => before.route.join('/') === after.route.join('/'));
