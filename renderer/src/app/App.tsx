import AppBar from '@mui/material/AppBar';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { bridge } from '../bridge';
import { HOME_SEGMENT, NAVIGATION, ROUTES } from '../features/registry';
import { queryKeys } from '../api/query-keys';
import { ClockWidget } from './clock-widget';
import { EnvironmentSwitcher } from './environment-switcher';
import { Notifications } from './notifications';
import { StartHere } from './start-here';
import { hrefFor, useRoute } from './router';
import { workbenchTheme } from './theme';
import { useHostEvents } from './use-host-events';
import { useUi } from './ui-store';
import { replacementsUnder } from '../components/deprecation';

const DRAWER_WIDTH = 208;

/** "Deprecated: use …" under an entry whose API's endpoints are deprecated (read from the endpoints). */
function navDeprecation(apiPrefix: string | undefined): string | undefined {
  const replacements = apiPrefix ? replacementsUnder(apiPrefix) : [];
  return replacements.length > 0 ? `Deprecated: use ${replacements.join(' or ')}` : undefined;
}

/** The page of a route, as the feature registry declares it. */
function Page({ route }: { route: string[] }) {
  const [segment = HOME_SEGMENT, id] = route;
  const pages = ROUTES.get(segment);
  const info = useQuery({ queryKey: queryKeys.info, queryFn: () => bridge.getInfo({}) });
  if (!pages) return <Typography sx={{ p: 3 }}>No page at #/{route.join('/')}.</Typography>;
  const active = info.data?.active_environment;
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

/** The shell: navigation, environment switcher, clock, theme, notifications, and the routed page. */
export function App() {
  const themeMode = useUi((s) => s.themeMode);
  const toggleTheme = useUi((s) => s.toggleTheme);
  const drawerOpen = useUi((s) => s.drawerOpen);
  const toggleDrawer = useUi((s) => s.toggleDrawer);
  const theme = useMemo(() => workbenchTheme(themeMode), [themeMode]);
  const route = useRoute();
  const info = useQuery({ queryKey: queryKeys.info, queryFn: () => bridge.getInfo({}) });
  useHostEvents();
  const area = route[0] ?? HOME_SEGMENT;

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box sx={{ display: 'flex' }} data-app-ready={info.isSuccess ? 'true' : 'false'} data-theme={themeMode}>
        <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: 2 }}>
            <IconButton
              color="inherit"
              edge="start"
              onClick={toggleDrawer}
              aria-label={drawerOpen ? 'Hide the navigation' : 'Show the navigation'}
              aria-expanded={drawerOpen}
              data-testid="drawer-toggle"
            >
              ☰
            </IconButton>
            <Typography variant="h6" sx={{ flexShrink: 0, fontWeight: 700 }} noWrap>
              Payments Workbench
            </Typography>
            <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', justifyContent: 'flex-end' }}>
              <Notifications />
            </Box>
            <ClockWidget />
            <EnvironmentSwitcher />
            <IconButton
              color="inherit"
              onClick={toggleTheme}
              aria-label={`Switch to ${themeMode === 'light' ? 'dark' : 'light'} theme`}
              data-testid="theme-toggle"
            >
              {themeMode === 'light' ? '☾' : '☀'}
            </IconButton>
          </Toolbar>
        </AppBar>
        <Drawer
          variant="persistent"
          open={drawerOpen}
          data-testid="drawer"
          sx={{
            display: drawerOpen ? undefined : 'none',
            width: DRAWER_WIDTH,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
          }}
        >
          <Toolbar />
          <nav aria-label="Workbench">
            {NAVIGATION.map((group) => (
              <List key={group.section} dense subheader={<ListSubheader>{group.section}</ListSubheader>}>
                {group.items.map((item) => (
                  <ListItemButton
                    key={item.path}
                    component="a"
                    href={hrefFor(item.path)}
                    selected={area === item.path}
                    data-testid={`nav-${item.path}`}
                  >
                    <ListItemText primary={item.label} secondary={navDeprecation(item.apiPrefix)} />
                  </ListItemButton>
                ))}
              </List>
            ))}
          </nav>
        </Drawer>
        <Box component="main" sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
          <Toolbar />
          <StartHere />
          <Page route={route} />
        </Box>
      </Box>
    </ThemeProvider>
  );
}
