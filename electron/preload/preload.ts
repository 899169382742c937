import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_METHOD_NAMES, EVENT_CHANNEL, methodChannel } from '../../shared/bridge-methods.js';

/** An error the host reported: same shape as the browser mode's. */
class BridgeCallError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Envelope =
  { ok: true; value: unknown } | { ok: false; error: { name: string; message: string; details?: unknown } };

/**
 * `window.workbench`: one named function per method of `shared/bridge.ts` (no generic invoke), plus
 * `onEvent`. Nothing else of Electron or Node reaches the page.
 */
const api: Record<string, unknown> = {};
for (const name of BRIDGE_METHOD_NAMES) {
  api[name] = async (input: unknown) => {
    const result = (await ipcRenderer.invoke(methodChannel(name), input)) as Envelope;
    if (!result.ok) throw new BridgeCallError(result.error.name, result.error.message, result.error.details);
    return result.value;
  };
}
api.onEvent = (listener: (event: unknown) => void) => {
  const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
  ipcRenderer.on(EVENT_CHANNEL, handler);
  return () => ipcRenderer.removeListener(EVENT_CHANNEL, handler);
};

contextBridge.exposeInMainWorld('workbench', api);
