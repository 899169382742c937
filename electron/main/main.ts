import { join } from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, protocol, safeStorage, session, shell } from 'electron';
import { EVENT_CHANNEL } from '../../shared/bridge-methods.js';
import { createHost, type Host } from '../host/create-host.js';
import { tuneHeapForServing } from '../host/heap-tuning.js';
import { FileVault } from '../host/vault.js';
import { WorkbenchService } from '../host/workbench-service.js';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, APP_URL, respondFromUi } from './app-protocol.js';
import { registerBridgeHandlers } from './ipc-handlers.js';
import { safeStorageCodec } from './safe-storage-codec.js';
import { HARDENED_WEB_PREFERENCES, isAppUrl, isSafeExternalUrl } from './security-policy.js';

/**
 * Electron main: a thin layer. The host (API, store, clock) is the same composition root the headless
 * `serve` uses; this file only adds a hardened window, the IPC bridge and the OS secret store.
 */

// Before the host allocates anything: see heap-tuning.ts.
tuneHeapForServing();

const UI_DIR = join(__dirname, '..', '..', 'renderer', 'dist');
const trustedWindows = new Set<number>();
let host: Host | undefined;

/** The one guarded way out of the app: http(s) links to the user's browser. */
async function openExternalSafely(url: string): Promise<boolean> {
  if (!isSafeExternalUrl(url)) return false;
  await shell.openExternal(url);
  return true;
}

async function start(): Promise<void> {
  // Permissions the app never needs are refused outright.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  protocol.handle(APP_SCHEME, (request) => respondFromUi(UI_DIR, request));

  const vault = new FileVault(join(app.getPath('userData'), 'vault.json'), safeStorageCodec(safeStorage));
  host = createHost({
    location: { kind: 'dir', dir: join(app.getPath('userData'), 'workspace') },
    secrets: vault,
  });
  const baseUrl = await host.listen('127.0.0.1', 0);
  const service = new WorkbenchService(host, {
    mode: 'electron',
    version: app.getVersion(),
    vault,
    embeddedBaseUrl: baseUrl,
    openExternal: openExternalSafely,
  });

  registerBridgeHandlers(
    (channel, handler) =>
      ipcMain.handle(channel, (event, input: unknown) =>
        handler(
          {
            webContentsId: event.sender.id,
            frame: event.senderFrame
              ? { url: event.senderFrame.url, isTopFrame: event.senderFrame.parent === null }
              : null,
          },
          input,
        ),
      ),
    service,
    trustedWindows,
    () => APP_URL,
  );

  const window = new BrowserWindow({
    width: 1360,
    height: 880,
    show: false,
    title: 'Payments Workbench',
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: join(__dirname, '..', 'preload', 'preload.cjs') },
  });
  trustedWindows.add(window.webContents.id);
  window.on('closed', () => trustedWindows.delete(window.webContents.id));
  window.webContents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, APP_URL)) event.preventDefault();
  });
  window.webContents.on('will-attach-webview', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(({ url }) => {
    void openExternalSafely(url);
    return { action: 'deny' };
  });
  const unsubscribe = service.onEvent((event) => {
    if (!window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, event);
  });
  window.on('closed', unsubscribe);
  window.once('ready-to-show', () => window.show());
  await window.loadURL(APP_URL);
}

// Before the app is ready, or the scheme gets no origin of its own.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);
Menu.setApplicationMenu(null);
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url, APP_URL)) event.preventDefault();
  });
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});
app.whenReady().then(start, (error: unknown) => {
  console.error(error);
  app.exit(1);
});
app.on('window-all-closed', () => app.quit());
app.on('before-quit', () => {
  void host?.close();
});
