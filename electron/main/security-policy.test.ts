import { describe, expect, it } from 'vitest';
import {
  BRIDGE_METHOD_NAMES,
  EVENT_CHANNEL,
  methodChannel,
  type BridgeMethodName,
} from '../../shared/bridge-methods.js';
import type { WorkbenchBridge } from '../../shared/bridge.js';
import { BridgeError } from '../host/workbench-service.js';
import { MemoryVault, FileVault } from '../host/vault.js';
import { BridgeCallError } from '../../shared/bridge-call-error.js';
import { createWorkbenchApi, type RendererIpc } from '../preload/workbench-api.js';
import { FIXED_NOW_ISO } from '../test-support/fixtures.js';
import { APP_URL } from './app-protocol.js';
import { registerBridgeHandlers, type Handle } from './ipc-handlers.js';
import { safeStorageCodec } from './safe-storage-codec.js';
import {
  HARDENED_WEB_PREFERENCES,
  isAppUrl,
  isSafeExternalUrl,
  isTrustedSender,
  type IpcResult,
  type IpcSender,
} from './security-policy.js';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const APP = APP_URL;

describe('Electron security policy', () => {
  it.each([
    ['https://example.com/docs', true],
    ['http://127.0.0.1:8600/checkoutnow?token=X', true],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://host/share', false],
    ['https://user:pass@example.com', false],
    ['not a url', false],
  ])('opens %s externally: %s', (url, safe) => {
    expect(isSafeExternalUrl(url)).toBe(safe);
  });

  it.each([
    [APP, true],
    [`${APP}#/orders/ABC`, true],
    ['app://workbench/other.html', false],
    ['app://elsewhere/index.html', false],
    ['file:///opt/workbench/renderer/dist/index.html', false],
    ['https://evil.example/', false],
    ['file:///etc/passwd', false],
  ])('navigation to %s stays in the app: %s', (url, allowed) => {
    expect(isAppUrl(url, APP)).toBe(allowed);
  });

  it('trusts only our window top frame showing our app', () => {
    const trusted = new Set([7]);
    const sender = (overrides: Partial<IpcSender>): IpcSender => ({
      webContentsId: 7,
      frame: { url: APP, isTopFrame: true },
      ...overrides,
    });
    expect(isTrustedSender(sender({}), trusted, APP)).toBe(true);
    expect(isTrustedSender(sender({ webContentsId: 8 }), trusted, APP)).toBe(false);
    expect(isTrustedSender(sender({ frame: { url: APP, isTopFrame: false } }), trusted, APP)).toBe(false);
    expect(
      isTrustedSender(sender({ frame: { url: 'https://evil.example/', isTopFrame: true } }), trusted, APP),
    ).toBe(false);
    expect(isTrustedSender(sender({ frame: null }), trusted, APP)).toBe(false);
  });

  it('hardens every web preference the checklist names', () => {
    expect(HARDENED_WEB_PREFERENCES).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
    });
  });
});

describe('IPC handlers', () => {
  function register(call: (method: string, input: unknown) => Promise<unknown>) {
    const handlers = new Map<string, (sender: IpcSender, input: unknown) => Promise<IpcResult>>();
    const handle: Handle = (channel, handler) => handlers.set(channel, handler);
    registerBridgeHandlers(handle, { call }, new Set([1]), () => APP);
    return handlers;
  }
  const good: IpcSender = { webContentsId: 1, frame: { url: APP, isTopFrame: true } };

  it('registers one channel per bridge method and nothing else', () => {
    const handlers = register(async () => null);
    expect([...handlers.keys()].sort()).toEqual(BRIDGE_METHOD_NAMES.map(methodChannel).sort());
  });

  it('refuses untrusted senders without calling the service', async () => {
    let called = false;
    const handlers = register(async () => {
      called = true;
      return null;
    });
    const result = await handlers.get('workbench:getInfo')?.(
      { webContentsId: 2, frame: { url: APP, isTopFrame: true } },
      {},
    );
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ name: 'FORBIDDEN' }) });
    expect(called).toBe(false);
  });

  it('returns values and errors as envelopes, never a stack', async () => {
    const handlers = register(async (method, input) => {
      if (method === 'getResource') throw new BridgeError('NOT_FOUND', 'No order X.');
      if (method === 'listAccounts') throw new Error('internal secret detail');
      return { method, input };
    });
    expect(await handlers.get('workbench:getInfo')?.(good, {})).toEqual({
      ok: true,
      value: { method: 'getInfo', input: {} },
    });
    expect(await handlers.get('workbench:getResource')?.(good, {})).toEqual({
      ok: false,
      error: { name: 'NOT_FOUND', message: 'No order X.' },
    });
    const hidden = await handlers.get('workbench:listAccounts')?.(good, {});
    expect(JSON.stringify(hidden)).not.toContain('internal secret detail');
  });
});

describe('preload: window.workbench', () => {
  /** The contract's subscription functions: the members of WorkbenchBridge that are not methods. */
  const SUBSCRIPTIONS: Record<Exclude<keyof WorkbenchBridge, BridgeMethodName>, true> = { onEvent: true };

  /** A fake ipcRenderer: records invokes and answers with the envelope `answer` gives. */
  function fakeIpc(
    answer: (channel: string, input: unknown) => unknown = (channel) => ({ ok: true, value: channel }),
  ) {
    const invoked: [string, unknown][] = [];
    const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
    const ipc: RendererIpc = {
      invoke: async (channel, input) => {
        invoked.push([channel, input]);
        return answer(channel, input);
      },
      on: (channel, listener) => listeners.set(channel, (listeners.get(channel) ?? new Set()).add(listener)),
      removeListener: (channel, listener) => listeners.get(channel)?.delete(listener),
    };
    const emit = (channel: string, payload: unknown) =>
      [...(listeners.get(channel) ?? [])].forEach((listener) => listener({ sender: 'ipc event' }, payload));
    return { ipc, invoked, listeners, emit };
  }

  it('exposes exactly the bridge methods and the event subscription, all functions', () => {
    const api = createWorkbenchApi(fakeIpc().ipc) as unknown as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...BRIDGE_METHOD_NAMES, ...Object.keys(SUBSCRIPTIONS)].sort());
    for (const value of Object.values(api)) expect(value).toEqual(expect.any(Function));
  });

  it.each(BRIDGE_METHOD_NAMES)(
    '%s invokes its own channel with the input and returns the value',
    async (name) => {
      const { ipc, invoked } = fakeIpc();
      const api = createWorkbenchApi(ipc) as unknown as Record<string, (input: unknown) => Promise<unknown>>;
      const input = { probe: name };
      await expect(api[name]?.(input)).resolves.toBe(methodChannel(name));
      expect(invoked).toEqual([[methodChannel(name), input]]);
    },
  );

  it('turns an error envelope into a thrown error with the name, message and details', async () => {
    const error = { name: 'NOT_FOUND', message: 'No order X.', details: { id: 'X' } };
    const api = createWorkbenchApi(fakeIpc(() => ({ ok: false, error })).ipc);
    const thrown = await api.getResource({ kind: 'order', id: 'X' }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(BridgeCallError);
    expect(thrown).toMatchObject({ errorName: 'NOT_FOUND', message: 'No order X.', details: { id: 'X' } });
  });

  it('onEvent listens on the event channel, passes only the payload, and unsubscribes', () => {
    const { ipc, listeners, emit, invoked } = fakeIpc();
    const api = createWorkbenchApi(ipc);
    const received: unknown[] = [];
    const unsubscribe = api.onEvent((event) => received.push(event));
    expect([...listeners.keys()]).toEqual([EVENT_CHANNEL]);
    const payload = { type: 'clock-moved', payload: { now: FIXED_NOW_ISO, offset_ms: 0 } };
    emit(EVENT_CHANNEL, payload);
    expect(received).toEqual([payload]);
    unsubscribe();
    expect(listeners.get(EVENT_CHANNEL)?.size).toBe(0);
    emit(EVENT_CHANNEL, payload);
    expect(received).toHaveLength(1);
    expect(invoked).toEqual([]);
  });
});

describe('secret storage', () => {
  const fakeSafeStorage = (available: boolean) => ({
    isEncryptionAvailable: () => available,
    encryptString: (plain: string) => Buffer.from([...plain].reverse().join(''), 'utf8'),
    decryptString: (encrypted: Buffer) => [...encrypted.toString('utf8')].reverse().join(''),
  });

  it('keeps secrets encrypted in a 0600 file and reads them back', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'vault-')), 'vault.json');
    const vault = new FileVault(file, safeStorageCodec(fakeSafeStorage(true)));
    vault.set('env-1', 'super-secret');
    expect(readFileSync(file, 'utf8')).not.toContain('super-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(new FileVault(file, safeStorageCodec(fakeSafeStorage(true))).get('env-1')).toBe('super-secret');
    vault.delete('env-1');
    expect(vault.get('env-1')).toBeUndefined();
  });

  it('refuses to store a secret in the clear when the OS has no secret store', () => {
    const vault = new FileVault(
      join(mkdtempSync(join(tmpdir(), 'vault-')), 'vault.json'),
      safeStorageCodec(fakeSafeStorage(false)),
    );
    expect(() => vault.set('env-1', 'x')).toThrow(/no secret storage/);
    const memory = new MemoryVault();
    memory.set('a', 'b');
    expect(memory.get('a')).toBe('b');
  });
});
