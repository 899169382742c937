import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useUi } from '../../app/ui-store';
import { useCollections } from './collections-store';
import { useConsoleStore, type ConsoleTab } from './console-store';
import { SaveRequestDialog, savedFromTab } from './save-request-dialog';

/** A tab's title: its saved name, else its method and the path's last segments. */
export function tabTitle(tab: ConsoleTab): string {
  if (tab.saved) return tab.saved.name;
  const path = tab.request.path.replace(/^\{\{\s*base_url\s*\}\}/, '');
  const tail = path.split('?')[0]?.split('/').filter(Boolean).slice(-2).join('/') ?? '';
  return `${tab.request.method} /${tail}`;
}

/** The open requests as tabs, with New and Save. */
export function ConsoleTabs({ suggestedName }: { suggestedName: string }) {
  const tabs = useConsoleStore((s) => s.tabs);
  const activeTabId = useConsoleStore((s) => s.activeTabId);
  const selectTab = useConsoleStore((s) => s.selectTab);
  const closeTab = useConsoleStore((s) => s.closeTab);
  const openTab = useConsoleStore((s) => s.openTab);
  const saveRequest = useCollections((s) => s.saveRequest);
  const notify = useUi((s) => s.notify);
  const [saving, setSaving] = useState<ConsoleTab | undefined>();
  const active = tabs.find((t) => t.id === activeTabId) ?? tabs[0];

  const save = () => {
    if (!active) return;
    const collectionExists = (id: string) => useCollections.getState().collections.some((c) => c.id === id);
    if (active.saved && collectionExists(active.saved.collectionId)) {
      saveRequest(active.saved.collectionId, savedFromTab(active, active.saved.name, active.saved.requestId));
      notify(`Saved "${active.saved.name}"`, 'success');
    } else setSaving(active);
  };

  return (
    <Paper sx={{ display: 'flex', alignItems: 'center', pr: 1, minWidth: 0 }}>
      <Tabs
        value={active?.id ?? false}
        onChange={(_, id: string) => selectTab(id)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{
          flexGrow: 1,
          minWidth: 0,
          minHeight: 40,
          '& .MuiTab-root': { minHeight: 40, py: 0, textTransform: 'none' },
        }}
        data-testid="console-tabs"
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            value={tab.id}
            data-testid="console-tab"
            data-active={tab.id === active?.id}
            label={
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', maxWidth: 220 }}>
                <Box
                  component="span"
                  sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {tabTitle(tab)}
                </Box>
                <Box
                  component="span"
                  role="button"
                  aria-label={`Close ${tabTitle(tab)}`}
                  data-testid="console-tab-close"
                  onClick={(e) => {
                    e.stopPropagation();
                    closeTab(tab.id);
                  }}
                  sx={{
                    px: 0.5,
                    borderRadius: 1,
                    color: 'text.secondary',
                    '&:hover': { bgcolor: 'action.hover' },
                  }}
                >
                  ×
                </Box>
              </Stack>
            }
          />
        ))}
      </Tabs>
      <IconButton size="small" aria-label="New tab" onClick={() => openTab()} data-testid="console-new-tab">
        +
      </IconButton>
      <Button
        size="small"
        onClick={save}
        data-testid="console-save"
        title="Save this tab's request in a collection"
      >
        Save
      </Button>
      {active?.saved ? (
        <Button size="small" onClick={() => setSaving(active)} data-testid="console-save-as">
          Save as…
        </Button>
      ) : null}
      {saving ? (
        <SaveRequestDialog
          tab={saving.saved ? { ...saving, saved: undefined } : saving}
          suggestedName={saving.saved ? `${saving.saved.name} (copy)` : suggestedName}
          onClose={() => setSaving(undefined)}
        />
      ) : null}
    </Paper>
  );
}
