import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { bridge } from '../../bridge';
import { JsonView } from '../../components/json-view';
import { QueryState } from '../../components/query-state';
import { StatusChip } from '../../components/status-chip';
import { previewOrderPatch, type DiffLine } from './patch-preview';
import { queryKeys } from '../../api/query-keys';

const short = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? '' : text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

const SIGN_COLOR: Record<DiffLine['sign'], string> = {
  '+': 'success.main',
  '-': 'error.main',
  '~': 'warning.main',
};

function DiffList({ lines, applies }: { lines: DiffLine[]; applies: boolean }) {
  return (
    <Box
      component="ul"
      data-testid="patch-diff"
      data-count={lines.length}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 1,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
        fontSize: 12.5,
        bgcolor: 'action.hover',
        borderRadius: 1,
      }}
    >
      {lines.length === 0 ? (
        <Typography component="li" variant="body2" color="text.secondary">
          {applies ? 'The patch changes nothing.' : 'No diff: the patch does not apply.'}
        </Typography>
      ) : (
        lines.map((line, i) => (
          <Box
            component="li"
            key={i}
            data-op={line.op}
            data-path={line.path}
            sx={{ py: 0.25, wordBreak: 'break-all' }}
          >
            <Box component="span" sx={{ color: SIGN_COLOR[line.sign], fontWeight: 700, mr: 1 }}>
              {line.sign}
            </Box>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {line.path}
            </Box>
            {line.op === 'replace' ? (
              <>
                {': '}
                <Box component="span" sx={{ color: 'error.main', textDecoration: 'line-through' }}>
                  {short(line.previous)}
                </Box>
                {' → '}
                <Box component="span" sx={{ color: 'success.main' }}>
                  {short(line.value)}
                </Box>
              </>
            ) : line.op === 'add' ? (
              <Box component="span" sx={{ color: 'success.main' }}>
                {': '}
                {short(line.value)}
              </Box>
            ) : (
              <Box component="span" sx={{ color: 'error.main' }}>
                {': '}
                {short(line.previous)}
              </Box>
            )}
          </Box>
        ))
      )}
    </Box>
  );
}

/**
 * Before a PATCH of an order is sent: the current order, the editor's patch applied to it locally (the
 * way the sandbox will), the diff, and the problems the sandbox would answer with.
 */
export function PatchPreviewPanel({
  orderId,
  body,
  onSend,
  sending,
}: {
  orderId: string;
  body: string;
  onSend(): void;
  sending: boolean;
}) {
  const order = useQuery({
    queryKey: queryKeys.resource.detail('order', orderId),
    queryFn: () => bridge.getResource({ kind: 'order', id: orderId }),
    retry: false,
  });
  const text = useDeferredValue(body);
  const preview = useMemo(
    () => (order.data ? previewOrderPatch(order.data.resource, order.data.summary.status, text) : undefined),
    [order.data, text],
  );

  return (
    <Box
      data-testid="patch-preview"
      data-state={preview ? (preview.problems.length > 0 ? 'problems' : 'ok') : 'loading'}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ fontFamily: 'ui-monospace, monospace' }}
          title={`order ${orderId}`}
        >
          {orderId}
        </Typography>
        {order.data ? <StatusChip status={order.data.summary.status} /> : null}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          size="small"
          onClick={() => void order.refetch()}
          disabled={order.isFetching}
          title="Read the order again"
        >
          Reload
        </Button>
        <Button size="small" variant="contained" onClick={onSend} disabled={sending} data-testid="patch-send">
          {sending ? 'Sending…' : preview && preview.problems.length > 0 ? 'Send anyway' : 'Send patch'}
        </Button>
      </Stack>
      <QueryState loading={order.isLoading} error={order.error}>
        {preview ? (
          <Stack spacing={1.5}>
            {preview.problems.length > 0 ? (
              <Stack spacing={0.5} data-testid="patch-errors">
                {preview.problems.map((problem, i) => (
                  <Alert
                    key={i}
                    severity="error"
                    data-testid="patch-error"
                    data-index={problem.index}
                    data-issue={problem.issue}
                    sx={{ py: 0 }}
                  >
                    <strong>{problem.index >= 0 ? `Operation ${problem.index}` : 'Patch'}</strong> ·{' '}
                    {problem.issue}
                    {problem.field ? (
                      <Box
                        component="span"
                        sx={{ fontFamily: 'ui-monospace, monospace' }}
                      >{` (${problem.field})`}</Box>
                    ) : null}
                    : {problem.message}
                  </Alert>
                ))}
              </Stack>
            ) : (
              <Alert severity="success" sx={{ py: 0 }} data-testid="patch-ok">
                The patch applies: {preview.diff.length} change{preview.diff.length === 1 ? '' : 's'}.
              </Alert>
            )}
            {/* One column: the panel shares the console's width with the editor (visible at 900 px). */}
            <Stack spacing={1.5}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                  Diff (+ added, − removed, ~ replaced)
                </Typography>
                <DiffList lines={preview.diff} applies={preview.after !== undefined} />
                {preview.resolved.length > 0 ? (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="div"
                    sx={{ mt: 1, fontFamily: 'ui-monospace, monospace' }}
                    data-testid="patch-resolved"
                  >
                    As applied:{' '}
                    {preview.resolved
                      .map((op) => `${op.op} ${op.path}${op.from !== undefined ? ` (from ${op.from})` : ''}`)
                      .join('; ')}
                  </Typography>
                ) : null}
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
                  {preview.after ? 'Patched order' : 'Current order'}
                </Typography>
                <JsonView value={preview.after ?? preview.before} testId="patch-result" maxHeight={200} />
              </Box>
            </Stack>
          </Stack>
        ) : null}
      </QueryState>
    </Box>
  );
}
