import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import { memo } from 'react';
import { NAVIGATION } from '../features/registry';
import { hrefFor } from './router';

const DRAWER_WIDTH = 208;

/**
 * The navigation: every feature's entries by section, the current area selected, each deprecated API's
 * entry with its "Deprecated: use …" caption. Memoized: some forty list items with their styles, drawn
 * again only when the area, the open state or the captions change, never because the shell's clock,
 * notices or queries did.
 */
export const NavigationDrawer = memo(function NavigationDrawer({
  open,
  area,
  deprecations,
}: {
  open: boolean;
  area: string;
  deprecations: ReadonlyMap<string, string>;
}) {
  return (
    <Drawer
      variant="persistent"
      open={open}
      data-testid="drawer"
      sx={{
        display: open ? undefined : 'none',
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
                <ListItemText primary={item.label} secondary={deprecations.get(item.path)} />
              </ListItemButton>
            ))}
          </List>
        ))}
      </nav>
    </Drawer>
  );
});
