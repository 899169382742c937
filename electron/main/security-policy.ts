/**
 * The Electron security checklist's decisions as pure functions, so they are unit-tested under plain
 * Node; `main.ts` only wires them to Electron's events.
 */

/** Only web links leave the app, and only to the user's browser. */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      parsed.username === '' &&
      parsed.password === ''
    );
  } catch {
    return false;
  }
}

/** The window may only show the app itself: navigation elsewhere is blocked. */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const target = new URL(url);
    const app = new URL(appUrl);
    return target.protocol === app.protocol && target.host === app.host && target.pathname === app.pathname;
  } catch {
    return false;
  }
}

/** What an IPC handler knows about who called it. */
export interface IpcSender {
  /** Id of the sending webContents. */
  webContentsId: number;
  /** The frame that sent the message: must be the top frame of our window, showing our app. */
  frame: { url: string; isTopFrame: boolean } | null;
}

/** An IPC message is accepted only from our own window's top frame showing our app. */
export function isTrustedSender(
  sender: IpcSender,
  trustedWebContentsIds: ReadonlySet<number>,
  appUrl: string,
): boolean {
  return (
    trustedWebContentsIds.has(sender.webContentsId) &&
    sender.frame !== null &&
    sender.frame.isTopFrame &&
    isAppUrl(sender.frame.url, appUrl)
  );
}

/** The result envelope of every IPC call: errors cross as data, never as stack traces. */
export type IpcResult =
  { ok: true; value: unknown } | { ok: false; error: { name: string; message: string; details?: unknown } };

/** The window's web preferences: every checklist item that is a setting. */
export const HARDENED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  spellcheck: false,
} as const;
