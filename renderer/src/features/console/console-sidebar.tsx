import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { CollectionsPanel } from './collections-panel';
import { HistoryList } from './history-list';
import { VariablesPanel } from './variables-panel';

/** Collections, variables and history: what the console keeps between requests. */
export function ConsoleSidebar({ baseUrl }: { baseUrl: string | undefined }) {
  const [tab, setTab] = useState<'collections' | 'variables' | 'history'>('collections');
  return (
    <Paper sx={{ p: 1.5, minWidth: 0 }} data-testid="console-sidebar">
      <Tabs
        value={tab}
        onChange={(_, value: typeof tab) => setTab(value)}
        variant="fullWidth"
        // Sentence case at 13 px: three labels fit the 280 px sidebar whole (capitals clipped "Collections").
        sx={{
          minHeight: 36,
          mb: 1,
          '& .MuiTab-root': {
            minHeight: 36,
            py: 0,
            px: 0.5,
            minWidth: 0,
            textTransform: 'none',
            fontSize: 13,
          },
        }}
      >
        <Tab value="collections" label="Collections" data-testid="console-sidebar-collections" />
        <Tab value="variables" label="Variables" data-testid="console-sidebar-variables" />
        <Tab value="history" label="History" data-testid="console-sidebar-history" />
      </Tabs>
      <Box>
        {tab === 'collections' ? <CollectionsPanel baseUrl={baseUrl} /> : null}
        {tab === 'variables' ? <VariablesPanel baseUrl={baseUrl} /> : null}
        {tab === 'history' ? <HistoryList /> : null}
      </Box>
    </Paper>
  );
}
