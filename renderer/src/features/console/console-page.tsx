import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BridgeInput } from '../../../../shared/bridge';
import { bridge } from '../../bridge';
import { useUi } from '../../app/ui-store';
import { bodyJsonSchema, matchEndpoint } from './endpoint-schemas';
import { HeadersEditor } from './headers-editor';
import { HistoryList } from './history-list';
import { useConsoleStore } from './history-store';
import type { EditorProblem, JsonEditorHandle } from './monaco-json-editor';
import { PatchPreviewPanel } from './patch-preview-panel';
import { patchedOrderId } from './patch-preview';
import { prepareRequest, requestFromDraft } from './request-model';
import { RequestBar } from './request-bar';
import { ResponsePane } from './response-pane';
import { queryKeys } from '../../api/query-keys';
import { Section } from '../../components/section';

/** Monaco is large: it loads with the console, not with the app. */
const MonacoJsonEditor = lazy(() => import('./monaco-json-editor'));

const BODY_MODEL_URI = 'inmemory://workbench/console/body.json';

/**
 * The request console: any call to the active environment with the token the host holds, a Monaco body
 * editor validated and completed by the endpoint's JSON schema, the answer, curl, and a history.
 */
export function ConsolePage() {
  const request = useConsoleStore((s) => s.request);
  const update = useConsoleStore((s) => s.update);
  const response = useConsoleStore((s) => s.response);
  const setResponse = useConsoleStore((s) => s.setResponse);
  const record = useConsoleStore((s) => s.record);
  const themeMode = useUi((s) => s.themeMode);
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | undefined>();
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const editor = useRef<JsonEditorHandle | undefined>(undefined);

  const endpoint = matchEndpoint(request.method, request.path);
  const schema = useMemo(() => bodyJsonSchema(endpoint), [endpoint]);
  const orderId = patchedOrderId(request.method, request.path);

  // A draft from another page (the log's Replay, an order's Edit): on arrival, and while the console is open.
  useEffect(() => {
    const take = () => {
      const draft = useUi.getState().takeConsoleDraft();
      if (!draft) return;
      update(requestFromDraft(draft));
      setFormError(undefined);
    };
    take();
    return useUi.subscribe((state) => {
      if (state.consoleDraft) take();
    });
  }, [update]);

  const send = useMutation({
    mutationFn: ({ input }: { input: BridgeInput<'sendRequest'>; bodyText: string }) =>
      bridge.sendRequest(input),
    onMutate: () => setFormError(undefined),
    onSuccess: (answer, { input, bodyText }) => {
      setResponse(answer);
      // Host events refresh resource views too; this covers a missed event (and the patch preview's order).
      if (input.method !== 'GET') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      }
      record({
        method: input.method,
        path: input.path,
        headers: input.headers ?? {},
        body: bodyText,
        anonymous: input.anonymous ?? false,
        status: answer.status,
        duration_ms: answer.duration_ms,
      });
    },
    onError: (_error, { input, bodyText }) => {
      setResponse(undefined);
      record({
        method: input.method,
        path: input.path,
        headers: input.headers ?? {},
        body: bodyText,
        anonymous: input.anonymous ?? false,
      });
    },
  });

  const submit = useCallback(() => {
    if (send.isPending) return;
    const current = useConsoleStore.getState().request;
    const prepared = prepareRequest(current);
    if (!prepared.ok) return setFormError(prepared.error);
    send.mutate({ input: prepared.input, bodyText: current.body });
  }, [send]);

  // Ctrl/Cmd+Enter sends from anywhere on the page (captured before Monaco sees it as "insert line").
  const submitRef = useRef(submit);
  submitRef.current = submit;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      event.stopPropagation();
      submitRef.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  const errors = problems.filter((p) => p.severity === 'error');
  const bodyUnused = request.method === 'GET' || (endpoint !== undefined && endpoint.body === undefined);

  return (
    <Stack spacing={2} data-testid="console-page">
      <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2 }}>
        <Typography variant="h5">Console</Typography>
        <Typography variant="body2" color="text.secondary">
          Calls go to the active environment with its bearer token. Ctrl/⌘ + Enter sends.
        </Typography>
      </Stack>

      <RequestBar
        request={request}
        update={update}
        endpoint={endpoint}
        formError={formError}
        sending={send.isPending}
        onSend={submit}
      />

      {formError ? (
        <Alert severity="error" data-testid="console-form-error" onClose={() => setFormError(undefined)}>
          {formError}
        </Alert>
      ) : null}

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <Section title="Headers" sx={{ minWidth: 0 }}>
          <HeadersEditor rows={request.headers} onChange={(headers) => update({ headers })} />
          <FormControlLabel
            sx={{ mt: 1 }}
            control={
              <Checkbox
                size="small"
                checked={request.anonymous}
                onChange={(e) => update({ anonymous: e.target.checked })}
                data-testid="console-anonymous"
              />
            }
            label={<Typography variant="body2">Send without the bearer token</Typography>}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2, mb: 1 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
              Body
            </Typography>
            <Typography variant="caption" color="text.secondary" data-testid="console-schema">
              {schema ? `schema: ${String(schema.title)}` : 'no schema for this endpoint'}
            </Typography>
            {endpoint?.example !== undefined ? (
              <Button
                size="small"
                onClick={() => update({ body: JSON.stringify(endpoint.example, null, 2) })}
                data-testid="console-example"
              >
                Example
              </Button>
            ) : null}
            <Button size="small" onClick={() => editor.current?.format()} data-testid="console-format">
              Format
            </Button>
          </Stack>
          {bodyUnused ? (
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
              {request.method === 'GET' ? 'GET sends no body.' : 'This endpoint takes no body.'}
            </Typography>
          ) : null}
          <Suspense
            fallback={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 320 }}>
                <CircularProgress size={18} />
                <Typography color="text.secondary">Loading the editor…</Typography>
              </Stack>
            }
          >
            <MonacoJsonEditor
              value={request.body}
              onChange={(body) => update({ body })}
              modelUri={BODY_MODEL_URI}
              schema={schema}
              theme={themeMode}
              height={340}
              onProblems={setProblems}
              onReady={(handle) => (editor.current = handle)}
              testId="console-editor"
              ariaLabel="Request body (JSON)"
            />
          </Suspense>
          {problems.length > 0 ? (
            <Box
              component="ul"
              data-testid="console-body-problems"
              sx={{
                m: 0,
                mt: 1,
                pl: 2.5,
                fontSize: 12.5,
                color: errors.length > 0 ? 'error.main' : 'warning.main',
              }}
            >
              {problems.slice(0, 6).map((p, i) => (
                <li key={i}>
                  Line {p.line}: {p.message}
                </li>
              ))}
              {problems.length > 6 ? <li>… {problems.length - 6} more</li> : null}
            </Box>
          ) : null}
        </Section>

        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Section title="Response">
            <ResponsePane response={response} error={send.error} pending={send.isPending} />
          </Section>
          <Paper sx={{ p: 2 }}>
            <HistoryList />
          </Paper>
        </Stack>
      </Box>

      {orderId ? (
        <PatchPreviewPanel orderId={orderId} body={request.body} onSend={submit} sending={send.isPending} />
      ) : null}
    </Stack>
  );
}
