import type { WorkbenchBridge } from '../../../shared/bridge';
import { createHttpBridge, type RpcEndpoint } from './http-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser. */
    workbench?: WorkbenchBridge;
  }
}

/** Electron's preload API when present; HTTP in browser mode, whose event stream can break and resume. */
function connectBridge(): {
  bridge: WorkbenchBridge;
  onResumed: (listener: () => void) => () => void;
  rpc: RpcEndpoint | undefined;
} {
  // Electron's IPC never drops events: nothing there ever resumes.
  if (window.workbench) return { bridge: window.workbench, onResumed: () => () => {}, rpc: undefined };
  const http = createHttpBridge();
  return { bridge: http, onResumed: http.onResumed, rpc: http.rpc };
}

// Connected on first use, not at import: modules that only hold a reference to the bridge (every
// feature, hence the feature registry) load under Node, where there is no window to connect from.
let connected: ReturnType<typeof connectBridge> | undefined;
const connection = () => (connected ??= connectBridge());

/** The host, whichever way it is reached: Electron's preload API, or HTTP in browser mode. */
export const bridge: WorkbenchBridge = new Proxy({} as WorkbenchBridge, {
  get: (_target, name) => Reflect.get(connection().bridge, name),
});

/** `listener` runs whenever the event stream reconnected after a break, so views refetch what they missed. */
export const onEventsResumed = (listener: () => void): (() => void) => connection().onResumed(listener);

/**
 * Browser mode's RPC address, for a worker that calls the host itself (a whole-search export); undefined
 * in Electron, where only the page reaches the preload.
 */
export const rpcEndpoint = (): RpcEndpoint | undefined => connection().rpc;
export type { RpcEndpoint };
export { BridgeCallError } from '../../../shared/bridge-call-error';
