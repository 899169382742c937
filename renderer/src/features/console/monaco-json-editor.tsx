import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import type { JsonSchema } from './endpoint-schemas';
import { jsonDefaults, monaco } from './monaco-setup';

/** A problem Monaco's JSON service found in the text (syntax or schema). */
export interface EditorProblem {
  line: number;
  column: number;
  message: string;
  severity: 'error' | 'warning' | 'info';
}

/** What the page can ask of a mounted editor. */
export interface JsonEditorHandle {
  format(): void;
  focus(): void;
}

export interface JsonEditorProps {
  value: string;
  onChange(value: string): void;
  /** Identifies the model; the JSON schema is bound to it through `fileMatch`. */
  modelUri: string;
  /** The JSON schema to validate and complete with, or none. */
  schema: JsonSchema | undefined;
  theme: 'light' | 'dark';
  height?: number | string;
  onProblems?(problems: EditorProblem[]): void;
  onReady?(handle: JsonEditorHandle | undefined): void;
  testId?: string;
  ariaLabel?: string;
}

/** Schemas of every mounted editor, by model URI: the JSON service takes them as one list. */
const schemas = new Map<string, JsonSchema>();

function publishSchemas(): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemaValidation: 'error',
    schemas: [...schemas].map(([uri, schema]) => ({ uri: `${uri}#schema`, fileMatch: [uri], schema })),
  });
}

const SEVERITY: Record<number, EditorProblem['severity']> = {
  [monaco.MarkerSeverity.Error]: 'error',
  [monaco.MarkerSeverity.Warning]: 'warning',
};

/**
 * Monaco as a React component (there is no @monaco-editor/react here): one model per `modelUri`, the
 * editor's model authoritative while the user types, `value` pushed in only when it differs (a history
 * restore, a replayed draft).
 */
export default function MonacoJsonEditor({
  value,
  onChange,
  modelUri,
  schema,
  theme,
  height = 320,
  onProblems,
  onReady,
  testId,
  ariaLabel,
}: JsonEditorProps) {
  const container = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | undefined>(undefined);
  const callbacks = useRef({ onChange, onProblems, onReady });
  callbacks.current = { onChange, onProblems, onReady };
  const latestValue = useRef(value);
  latestValue.current = value;
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const uri = monaco.Uri.parse(modelUri);
    monaco.editor.getModel(uri)?.dispose();
    const model = monaco.editor.createModel(latestValue.current, 'json', uri);
    const editor = monaco.editor.create(element, {
      model,
      automaticLayout: true,
      minimap: { enabled: false },
      fontSize: 13,
      tabSize: 2,
      scrollBeyondLastLine: false,
      formatOnPaste: true,
      fixedOverflowWidgets: true,
      renderLineHighlight: 'line',
      quickSuggestions: { strings: true, other: true, comments: false },
      suggestOnTriggerCharacters: true,
      ariaLabel: ariaLabel ?? 'JSON body',
    });
    editorRef.current = editor;
    const changes = model.onDidChangeContent(() => callbacks.current.onChange(model.getValue()));
    const reportProblems = () =>
      callbacks.current.onProblems?.(
        monaco.editor.getModelMarkers({ resource: uri }).map((m) => ({
          line: m.startLineNumber,
          column: m.startColumn,
          message: m.message,
          severity: SEVERITY[m.severity] ?? 'info',
        })),
      );
    const markers = monaco.editor.onDidChangeMarkers((uris) => {
      if (uris.some((u) => u.toString() === uri.toString())) reportProblems();
    });
    const handle: JsonEditorHandle = {
      format: () => {
        const action = editor.getAction('editor.action.formatDocument');
        if (action) void action.run();
      },
      focus: () => editor.focus(),
    };
    callbacks.current.onReady?.(handle);
    setReady(true);
    return () => {
      setReady(false);
      callbacks.current.onReady?.(undefined);
      changes.dispose();
      markers.dispose();
      editor.dispose();
      model.dispose();
      editorRef.current = undefined;
    };
  }, [modelUri, ariaLabel]);

  // Outside changes (history, drafts, examples) replace the text as one undoable edit.
  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || model.getValue() === value) return;
    editor.pushUndoStop();
    editor.executeEdits('workbench', [{ range: model.getFullModelRange(), text: value }]);
    editor.pushUndoStop();
  }, [value]);

  useEffect(() => {
    if (schema) schemas.set(modelUri, schema);
    else schemas.delete(modelUri);
    publishSchemas();
    return () => {
      schemas.delete(modelUri);
      publishSchemas();
    };
  }, [modelUri, schema]);

  useEffect(() => {
    monaco.editor.setTheme(theme === 'dark' ? 'vs-dark' : 'vs');
  }, [theme]);

  return (
    <Box
      ref={container}
      data-testid={testId}
      data-editor-ready={ready ? 'true' : 'false'}
      sx={{
        height,
        minHeight: 160,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        resize: 'vertical',
      }}
    />
  );
}
