/**
 * Monaco, bundled locally (never from a CDN), with the JSON language only (tokens, validation, completion,
 * hover, formatting) instead of the ~80 languages of `editor.main`. Loaded lazily with the console, so
 * other pages do not pay for it.
 *
 * The JSON mode is imported eagerly on purpose: in monaco-editor 0.57 it pulls in the editor
 * contributions (suggest, hover, find, folding, codelens, ...) and their services. Loaded lazily (as
 * `languages.onLanguage('json')` would), they arrive after the first editor initialised the standalone
 * services, and every later editor fails with "depends on UNKNOWN service ICodeLensCache".
 *
 * Workers are bundled by Vite through the `?worker` suffix and start from the app's own origin, which
 * the page's CSP (`worker-src 'self' blob:`) allows.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import 'monaco-editor/languages/features/json/jsonMode';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

export { monaco, jsonDefaults };
export type JsonDiagnosticsOptions = Parameters<typeof jsonDefaults.setDiagnosticsOptions>[0];
