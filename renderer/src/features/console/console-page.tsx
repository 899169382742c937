import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiResponse, BridgeInput } from '../../../../shared/bridge';
import { bridge } from '../../bridge';
import { useUi } from '../../app/ui-store';
import { queryKeys } from '../../api/query-keys';
import { useHostInfo } from '../../api/use-host-info';
import type { Capture } from './collection-model';
import { captureProblem } from './captures-editor';
import { useCollections } from './collections-store';
import { ConsoleSidebar } from './console-sidebar';
import { activeTab, recordFromRows, rowsFromRecord, useConsoleStore } from './console-store';
import { ConsoleTabs, tabTitle } from './console-tabs';
import { bodyJsonSchema, matchEndpoint } from './endpoint-schemas';
import { readJsonPath } from './json-path';
import { MOCK_HEADER, mockCodeInRows } from './mock-code-picker';
import { PatchPreviewPanel } from './patch-preview-panel';
import { patchedOrderId } from './patch-preview';
import { RequestBar } from './request-bar';
import { RequestEditor } from './request-editor';
import { idVariableFor, prepareRequest, requestFromDraft } from './request-model';
import { ResponsePane } from './response-pane';
import { SetVariableFromResponse } from './set-variable-from-response';
import { pathForMatching, resolveVariables } from './variables';
import { dropHeader } from './headers-editor';

/** Runs a tab's captures on a 2xx answer: the variables set, and why the others could not be. */
function runCaptures(captures: Capture[], response: ApiResponse): { set: string[]; failed: string[] } {
  const set: string[] = [];
  const failed: string[] = [];
  if (response.status < 200 || response.status >= 300) return { set, failed };
  for (const capture of captures) {
    if (capture.variable === '' || captureProblem(capture)) continue;
    const read = readJsonPath(response.body, capture.path);
    if (!read.ok) failed.push(`{{${capture.variable}}}: ${read.error}`);
    else {
      useCollections.getState().setVariable(capture.variable, read.value);
      set.push(capture.variable);
    }
  }
  return { set, failed };
}

/**
 * The request console, an API client for the active environment: tabs of requests (saved in collections,
 * with `{{variables}}`), a Monaco body editor validated and completed by the endpoint's JSON schema, mock
 * codes, the answer, curl, history, and for a PATCH of an order a preview of the patched order.
 */
export function ConsolePage() {
  const tab = useConsoleStore(activeTab);
  const update = useConsoleStore((s) => s.update);
  const setResult = useConsoleStore((s) => s.setResult);
  const record = useConsoleStore((s) => s.record);
  const variables = useCollections((s) => s.variables);
  const notify = useUi((s) => s.notify);
  const queryClient = useQueryClient();
  const baseUrl = useHostInfo((info) => info.active_environment.base_url).data;
  const [formError, setFormError] = useState<string | undefined>();
  const request = tab.request;

  const matchPath = pathForMatching(request.path, variables);
  const endpoint = matchEndpoint(request.method, matchPath);
  const schema = useMemo(() => bodyJsonSchema(endpoint), [endpoint]);
  const orderId = patchedOrderId(request.method, matchPath);
  const [view, setView] = useState<'response' | 'preview'>('response');
  // A PATCH of an order opens on its preview until it has an answer.
  const shown = orderId && (view === 'preview' || !tab.response) ? 'preview' : 'response';

  // Editing a patch after its answer brings the preview back: it is about the patch as it is now.
  const previewBody = orderId ? request.body : undefined;
  useEffect(() => {
    if (previewBody !== undefined) setView('preview');
  }, [previewBody]);

  // The form error belongs to the request it was about.
  useEffect(() => setFormError(undefined), [tab.id, request.method, request.path]);

  // A draft from another page (the log's Replay, an order's Edit) opens in a new tab.
  useEffect(() => {
    const take = () => {
      const draft = useUi.getState().takeConsoleDraft();
      if (!draft) return;
      useConsoleStore.getState().openTab({ request: requestFromDraft(draft) });
    };
    take();
    return useUi.subscribe((state) => {
      if (state.consoleDraft) take();
    });
  }, []);

  // The history keeps every request sent, answered or not, with its body as text (variables resolved).
  const sentRequest = (input: BridgeInput<'sendRequest'>, bodyText: string) => ({
    method: input.method,
    path: input.path,
    headers: input.headers ?? {},
    body: bodyText,
    anonymous: input.anonymous ?? false,
  });
  const send = useMutation({
    mutationFn: ({ input }: { tabId: string; input: BridgeInput<'sendRequest'>; bodyText: string }) =>
      bridge.sendRequest(input),
    onSuccess: (answer, { tabId, input, bodyText }) => {
      setResult(tabId, { response: answer });
      setView('response');
      if (input.method !== 'GET') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.resource.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.resources.all });
      }
      const sentFrom = useConsoleStore.getState().tabs.find((t) => t.id === tabId);
      const captured = runCaptures(sentFrom?.captures ?? [], answer);
      if (captured.set.length > 0)
        notify(`Set ${captured.set.map((name) => `{{${name}}}`).join(', ')} from the answer`, 'success');
      if (captured.failed.length > 0) notify(captured.failed.join(' · '), 'warning');
      record({ ...sentRequest(input, bodyText), status: answer.status, duration_ms: answer.duration_ms });
    },
    onError: (error, { tabId, input, bodyText }) => {
      setResult(tabId, { error: error instanceof Error ? error.message : String(error) });
      record(sentRequest(input, bodyText));
    },
  });

  const submit = useCallback(() => {
    const state = useConsoleStore.getState();
    const current = activeTab(state);
    if (send.isPending && send.variables?.tabId === current.id) return;
    if (baseUrl === undefined) return setFormError('The workbench has not reached the host yet; try again.');
    const resolved = resolveVariables(
      {
        path: current.request.path,
        headers: recordFromRows(current.request.headers),
        body: current.request.body,
      },
      useCollections.getState().variables,
      baseUrl,
    );
    if (!resolved.ok) return setFormError(resolved.error);
    const prepared = prepareRequest({
      ...current.request,
      path: resolved.request.path,
      headers: rowsFromRecord(resolved.request.headers),
      body: resolved.request.body,
    });
    if (!prepared.ok) return setFormError(prepared.error);
    setFormError(undefined);
    send.mutate({ tabId: current.id, input: prepared.input, bodyText: resolved.request.body });
  }, [send, baseUrl]);

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

  const sending = send.isPending && send.variables?.tabId === tab.id;
  const mockCode = mockCodeInRows(request.headers);
  const body = tab.response?.body;

  return (
    <Box
      data-testid="console-page"
      sx={{
        display: 'grid',
        gap: 2,
        // Collections beside the request from 1200 px; below it on narrower windows, so the editor and the
        // answer (or the patch preview) keep the width they need side by side.
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '280px minmax(0, 1fr)' },
        gridTemplateAreas: { xs: '"main" "side"', lg: '"side main"' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ gridArea: 'side', minWidth: 0 }}>
        <ConsoleSidebar baseUrl={baseUrl} />
      </Box>
      <Stack spacing={1.5} sx={{ gridArea: 'main', minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'baseline', gap: 2 }}>
          <Typography variant="h5">Console</Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            Calls go to the active environment with its bearer token. Ctrl/⌘ + Enter sends.
          </Typography>
        </Stack>

        <ConsoleTabs suggestedName={endpoint?.summary ?? tabTitle(tab)} />

        <RequestBar
          request={request}
          update={update}
          endpoint={endpoint}
          formError={formError}
          sending={sending}
          onSend={submit}
        />

        {formError ? (
          <Alert severity="error" data-testid="console-form-error" onClose={() => setFormError(undefined)}>
            {formError}
          </Alert>
        ) : null}
        {mockCode ? (
          <Alert
            severity="warning"
            data-testid="console-mock-active"
            sx={{ py: 0 }}
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => update({ headers: dropHeader(request.headers, MOCK_HEADER) })}
              >
                Remove
              </Button>
            }
          >
            Mock response <code>{mockCode}</code>: the sandbox answers this error instead of running the
            operation.
          </Alert>
        ) : null}

        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            gap: 1.5,
            alignItems: 'start',
          }}
        >
          <RequestEditor endpoint={endpoint} schema={schema} />
          <Paper sx={{ p: 2, minWidth: 0 }} data-testid="console-result">
            {orderId ? (
              <Tabs
                value={shown}
                onChange={(_, value: 'response' | 'preview') => setView(value)}
                sx={{
                  minHeight: 36,
                  mb: 1,
                  '& .MuiTab-root': { minHeight: 36, py: 0, px: 1.5, minWidth: 0 },
                }}
              >
                <Tab value="preview" label="Patch preview" data-testid="console-view-preview" />
                <Tab value="response" label="Response" data-testid="console-view-response" />
              </Tabs>
            ) : (
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
                Response
              </Typography>
            )}
            {orderId && shown === 'preview' ? (
              <PatchPreviewPanel orderId={orderId} body={request.body} onSend={submit} sending={sending} />
            ) : (
              <>
                <ResponsePane response={tab.response} error={tab.error} pending={sending} />
                {body !== null && typeof body === 'object' ? (
                  <SetVariableFromResponse
                    key={`${tab.id}:${matchPath}`}
                    body={body}
                    suggestedName={idVariableFor(matchPath)}
                  />
                ) : null}
              </>
            )}
          </Paper>
        </Box>
      </Stack>
    </Box>
  );
}
