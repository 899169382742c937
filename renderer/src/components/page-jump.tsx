import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { formatCount } from '../api/format';

/**
 * "Page [n] of N": type a page and press Enter to go there (pages count from 1 here, from 0 in the
 * lists). Out-of-range numbers go to the nearest page.
 */
export function PageJump({
  page,
  lastPage,
  onPage,
  testId,
}: {
  page: number;
  lastPage: number;
  onPage(page: number): void;
  testId: string;
}) {
  const [text, setText] = useState<string | undefined>();
  const go = () => {
    const wanted = Number(text);
    if (text !== undefined && Number.isInteger(wanted)) onPage(Math.min(lastPage, Math.max(0, wanted - 1)));
    setText(undefined);
  };
  return (
    <TextField
      size="small"
      label={`Page (of ${formatCount(lastPage + 1)})`}
      value={text ?? String(page + 1)}
      onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
      onBlur={go}
      onKeyDown={(e) => {
        if (e.key === 'Enter') go();
      }}
      sx={{ width: 130 }}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': testId } }}
    />
  );
}
