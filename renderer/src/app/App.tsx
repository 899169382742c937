import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { ThemeProvider } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy, useMemo } from 'react';
import { bridge } from '../bridge';
import { HOME_SEGMENT } from '../features/registry';
import { queryKeys } from '../api/query-keys';
import { Notifications } from './notifications';
import { useRoute } from './router';
import { workbenchTheme } from './theme';
import { useHostEvents } from './use-host-events';
import { useUi } from './ui-store';
import { useFirstDataDrawn } from './after-first-data';
import { NAV_DEPRECATIONS } from './nav-deprecations';
import { NavigationDrawer } from './navigation-drawer';
import { RoutedPage } from './routed-page';

// Shown once the first page has drawn its data, and loaded then: their menus, dialogs and forms are no
// part of the start.
const ClockWidget = lazy(async () => ({ default: (await import('./clock-widget')).ClockWidget }));
const EnvironmentSwitcher = lazy(async () => ({
  default: (await import('./environment-switcher')).EnvironmentSwitcher,
}));
const StartHere = lazy(async () => ({ default: (await import('./start-here')).StartHere }));

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
  // The clock, the environment switcher and the start panel (menus, dialogs, queries of their own) come
  // once the page has drawn its data: the shell and the page paint first, the page's rows next.
  const painted = useFirstDataDrawn();
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
            {painted && (
              <Suspense fallback={null}>
                <ClockWidget />
                <EnvironmentSwitcher />
              </Suspense>
            )}
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
        <NavigationDrawer open={drawerOpen} area={area} deprecations={NAV_DEPRECATIONS} />
        <Box component="main" sx={{ flexGrow: 1, p: 3, minWidth: 0 }}>
          <Toolbar />
          <RoutedPage route={route} />
          {/* Below the page, never above it: the panel arrives after the page has drawn its data, and
              above it would push the page's buttons down under a pointer already on its way to one. */}
          {painted && (
            <Suspense fallback={null}>
              <StartHere />
            </Suspense>
          )}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
