import type { WorkbenchBridge } from '../../../shared/bridge';
import { createHttpBridge } from './http-bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a plain browser. */
    workbench?: WorkbenchBridge;
  }
}

/** The host, whichever way it is reached: Electron's preload API, or HTTP in browser mode. */
export const bridge: WorkbenchBridge = window.workbench ?? createHttpBridge();
export { BridgeCallError } from '../../../shared/bridge-call-error';
