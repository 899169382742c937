import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { importPayoutCsv } from './payout-csv';
import type { DraftItem } from './payout-draft';

/** Where a CSV import stands: reading with its progress, or done with the problems it found. */
export interface CsvImport {
  fileName: string;
  progress: number;
  busy: boolean;
  problems: string[];
}

/**
 * Reads a chosen CSV file into draft items off the main path (the parser yields as it goes, with
 * progress), and hands the rows it could read to `onItems`. A second file cancels the first.
 */
export function useCsvImport(onItems: (items: DraftItem[]) => void) {
  const [state, setState] = useState<CsvImport | undefined>();
  const abort = useRef<AbortController | undefined>(undefined);

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again imports it again.
    event.target.value = '';
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ fileName: file.name, progress: 0, busy: true, problems: [] });
    try {
      const text = await file.text();
      const result = await importPayoutCsv(text, {
        signal: controller.signal,
        onProgress: (progress) => setState((s) => (s ? { ...s, progress } : s)),
      });
      if (controller.signal.aborted) return;
      setState({ fileName: file.name, progress: 1, busy: false, problems: result.problems });
      if (result.items.length > 0) onItems(result.items);
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ fileName: file.name, progress: 1, busy: false, problems: [(error as Error).message] });
    }
  };

  return { state, importing: state?.busy ?? false, importFile, dismiss: () => setState(undefined) };
}

/** The import's progress, its problems (dismissable), or how many rows it brought. */
export function CsvImportStatus({
  state,
  rowCount,
  onDismiss,
}: {
  state: CsvImport;
  rowCount: number;
  onDismiss(): void;
}) {
  return (
    <Box data-testid="payout-import-status" data-busy={state.busy ? 'true' : 'false'}>
      {state.busy ? (
        <>
          <Typography variant="body2" color="text.secondary">
            Reading {state.fileName}… {Math.round(state.progress * 100)}%
          </Typography>
          <LinearProgress variant="determinate" value={state.progress * 100} />
        </>
      ) : state.problems.length > 0 ? (
        <Alert severity="error" data-testid="payout-import-problems" onClose={onDismiss}>
          {state.fileName}: {state.problems.join(' ')}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Imported {rowCount.toLocaleString('en-US')} rows from {state.fileName}.
        </Typography>
      )}
    </Box>
  );
}
