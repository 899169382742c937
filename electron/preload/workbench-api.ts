import { BRIDGE_METHOD_NAMES, EVENT_CHANNEL, methodChannel } from '../../shared/bridge-methods.js';
import type { WorkbenchBridge } from '../../shared/bridge.js';
import { BridgeCallError } from '../../shared/bridge-call-error.js';

/**
 * The part of Electron's `ipcRenderer` the preload uses. This file never imports `electron` (a lint zone
 * says so), so tests build the exposed object with a fake.
 */
export interface RendererIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

type Envelope =
  { ok: true; value: unknown } | { ok: false; error: { name: string; message: string; details?: unknown } };

/**
 * `window.workbench`: one named function per method of `shared/bridge-methods.ts`, each invoking its own
 * channel (no generic invoke), plus `onEvent`. Nothing else of Electron or Node reaches the page.
 */
export function createWorkbenchApi(ipc: RendererIpc): WorkbenchBridge {
  const api: Record<string, unknown> = {};
  for (const name of BRIDGE_METHOD_NAMES) {
    api[name] = async (input: unknown) => {
      const result = (await ipc.invoke(methodChannel(name), input)) as Envelope;
      if (!result.ok)
        throw new BridgeCallError(result.error.name, result.error.message, result.error.details);
      return result.value;
    };
  }
  api.onEvent = (listener: (event: unknown) => void) => {
    const handler = (_event: unknown, payload: unknown) => listener(payload);
    ipc.on(EVENT_CHANNEL, handler);
    return () => ipc.removeListener(EVENT_CHANNEL, handler);
  };
  return api as WorkbenchBridge;
}
