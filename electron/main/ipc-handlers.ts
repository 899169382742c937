import { BRIDGE_METHOD_NAMES, methodChannel } from '../../shared/bridge-methods.js';
import { BridgeError } from '../host/workbench-service.js';
import { isTrustedSender, type IpcResult, type IpcSender } from './security-policy.js';

/** The part of a WorkbenchService the IPC layer needs. */
export interface BridgeCallee {
  call(method: string, input: unknown): Promise<unknown>;
}

/** `ipcMain.handle`, reduced to what the wrapper needs (so it is testable without Electron). */
export type Handle = (
  channel: string,
  handler: (sender: IpcSender, input: unknown) => Promise<IpcResult>,
) => void;

/**
 * Registers one handler per bridge method, each behind the same wrapper: the sender must be our window's
 * top frame showing our app, the input is parsed by the method's schema (inside `call`), and the answer
 * is an envelope, so an error reaches the renderer as data with no stack trace.
 */
export function registerBridgeHandlers(
  handle: Handle,
  service: BridgeCallee,
  trustedIds: ReadonlySet<number>,
  appUrl: () => string,
): void {
  for (const name of BRIDGE_METHOD_NAMES) {
    handle(methodChannel(name), async (sender, input) => {
      if (!isTrustedSender(sender, trustedIds, appUrl())) {
        return {
          ok: false,
          error: { name: 'FORBIDDEN', message: 'This sender may not call the workbench.' },
        };
      }
      try {
        return { ok: true, value: await service.call(name, input) };
      } catch (error) {
        if (error instanceof BridgeError)
          return {
            ok: false,
            error: { name: error.errorName, message: error.message, details: error.details },
          };
        return { ok: false, error: { name: 'FAILED', message: 'The host could not complete the call.' } };
      }
    });
  }
}
