import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useRef, useState } from 'react';
import { useUi } from '../../app/ui-store';
import { CapturesEditor } from './captures-editor';
import { activeTab, useConsoleStore } from './console-store';
import type { Endpoint, JsonSchema } from './endpoint-schemas';
import { HeadersEditor } from './headers-editor';
import { MockCodePicker } from './mock-code-picker';
import type { EditorProblem, JsonEditorHandle } from './monaco-json-editor';

/** Monaco is large: it loads with the console, not with the app. */
const MonacoJsonEditor = lazy(() => import('./monaco-json-editor'));

const BODY_MODEL_URI = 'inmemory://workbench/console/body.json';

/** The request's parts as tabs: its JSON body, its headers (and mock code), and what it sets after an answer. */
export function RequestEditor({
  endpoint,
  schema,
}: {
  endpoint: Endpoint | undefined;
  schema: JsonSchema | undefined;
}) {
  const tab = useConsoleStore(activeTab);
  const update = useConsoleStore((s) => s.update);
  const setCaptures = useConsoleStore((s) => s.setCaptures);
  const themeMode = useUi((s) => s.themeMode);
  const [part, setPart] = useState<'body' | 'headers' | 'after'>('body');
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const editor = useRef<JsonEditorHandle | undefined>(undefined);
  const request = tab.request;
  const errors = problems.filter((p) => p.severity === 'error');
  const bodyUnused = request.method === 'GET' || (endpoint !== undefined && endpoint.body === undefined);
  const headerCount = request.headers.filter((h) => h.name.trim() !== '').length;
  const captureCount = tab.captures.length;

  return (
    <Paper sx={{ p: 2, minWidth: 0 }} data-testid="console-request-editor">
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Tabs
          value={part}
          onChange={(_, value: typeof part) => setPart(value)}
          sx={{
            flexGrow: 1,
            minHeight: 36,
            '& .MuiTab-root': { minHeight: 36, py: 0, px: 1.5, minWidth: 0 },
          }}
        >
          <Tab value="body" label="Body" data-testid="console-part-body" />
          <Tab
            value="headers"
            label={headerCount > 0 ? `Headers (${headerCount})` : 'Headers'}
            data-testid="console-part-headers"
          />
          <Tab
            value="after"
            label={captureCount > 0 ? `After response (${captureCount})` : 'After response'}
            data-testid="console-part-after"
          />
        </Tabs>
      </Stack>

      {part === 'body' ? (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Typography
              variant="caption"
              color="text.secondary"
              data-testid="console-schema"
              sx={{ flexGrow: 1 }}
              noWrap
            >
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
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 300 }}>
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
              height={300}
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
        </>
      ) : null}

      {part === 'headers' ? (
        <Stack spacing={2}>
          <MockCodePicker
            endpoint={endpoint}
            rows={request.headers}
            onChange={(headers) => update({ headers })}
          />
          <HeadersEditor rows={request.headers} onChange={(headers) => update({ headers })} />
          <FormControlLabel
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
        </Stack>
      ) : null}

      {part === 'after' ? <CapturesEditor captures={tab.captures} onChange={setCaptures} /> : null}
    </Paper>
  );
}
