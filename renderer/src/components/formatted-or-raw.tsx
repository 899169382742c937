import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';

/**
 * A resource shown two ways on tabs: the page's own reading of it (`children`, first) and the raw JSON
 * the API answered (`json`). The page holds which one shows, so it can turn back to its own view.
 */
export function FormattedOrRaw({
  label,
  raw,
  onRaw,
  testIds,
  json,
  children,
}: {
  /** The first tab's name. */
  label: string;
  raw: boolean;
  onRaw(raw: boolean): void;
  /** The two tabs' test ids, the page's view first. */
  testIds: readonly [string, string];
  json: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper>
      <Tabs
        value={raw ? 'raw' : 'formatted'}
        onChange={(_e, value: 'formatted' | 'raw') => onRaw(value === 'raw')}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="formatted" label={label} data-testid={testIds[0]} />
        <Tab value="raw" label="Raw JSON" data-testid={testIds[1]} />
      </Tabs>
      <Box sx={{ p: 2 }}>{raw ? json : children}</Box>
    </Paper>
  );
}
