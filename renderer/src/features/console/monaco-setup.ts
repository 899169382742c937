/**
 * Monaco, bundled locally (never from a CDN) and trimmed to what the console needs: the editor API, the
 * JSON language (tokens, validation, completion, hover, formatting) and the editor contributions that
 * make those visible. Loaded lazily with the console, so other pages do not pay for it.
 *
 * Workers are bundled by Vite through the `?worker` suffix and start from the app's own origin, which
 * the page's CSP (`worker-src 'self' blob:`) allows.
 */
import * as monaco from 'monaco-editor/editor/editor.api';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/folding/register';
import 'monaco-editor/features/format/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/snippet/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

export { monaco, jsonDefaults };
export type JsonDiagnosticsOptions = Parameters<typeof jsonDefaults.setDiagnosticsOptions>[0];
