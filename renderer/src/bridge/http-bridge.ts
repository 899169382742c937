import type { BridgeErrorBody, BridgeEvent, WorkbenchBridge } from '../../../shared/bridge';
import { BRIDGE_EVENT_NAMES, BRIDGE_METHOD_NAMES, LEFT_OUT_EVENT } from '../../../shared/bridge-methods';
import { BridgeCallError } from '../../../shared/bridge-call-error';

const TOKEN_KEY = 'workbench.token';

/**
 * The launch token arrives once in the URL (`?token=`); it is kept for this tab only and removed from the
 * address bar so it does not end up in bookmarks or screenshots. Loading the page with it also gave this
 * browser a session cookie (HttpOnly, so not readable here), which the browser sends with every call: a
 * new tab or a pasted address has no token and needs none.
 */
function launchToken(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.toString());
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

/** Where a browser-mode call goes: enough for a worker to make one without the page. */
export interface RpcEndpoint {
  /** The URL the `rpc/<method>` paths are relative to. */
  base: string;
  token: string;
}

/** The HTTP bridge, plus what only a stream that can break has: word that it came back. */
export type HttpBridge = WorkbenchBridge & {
  rpc: RpcEndpoint;
  /**
   * Calls `listener` each time the event stream reconnects after a break (the host dropped a tab that
   * fell behind, or restarted): events may have been missed, so whatever is shown should be refetched.
   */
  onResumed: (listener: () => void) => () => void;
};

/** Browser mode: the same contract over `POST rpc/<method>` and Server-Sent Events. */
export function createHttpBridge(): HttpBridge {
  const token = launchToken();
  const base = new URL('.', window.location.href);
  const listeners = new Set<(event: BridgeEvent) => void>();
  const resumedListeners = new Set<() => void>();
  let source: EventSource | undefined;

  const call = async (method: string, input: unknown): Promise<unknown> => {
    const response = await fetch(new URL(`rpc/${method}`, base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { 'x-workbench-token': token } : {}) },
      body: JSON.stringify(input ?? {}),
    });
    const body = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) {
      const error = (body as BridgeErrorBody | null)?.error;
      // Without the session cookie (a browser the workbench URL was never opened in) the host refuses
      // every call: say how to get in rather than only the status.
      const noSession =
        response.status === 403 &&
        !error &&
        'This browser has no workbench session. Open the workbench_url that `npm run serve` printed when it ' +
          'started (it carries the launch token); after that every tab of this browser gets in.';
      throw new BridgeCallError(
        error?.name ?? (response.status === 403 ? 'FORBIDDEN' : 'FAILED'),
        (noSession || error?.message) ?? `The host answered ${response.status}.`,
        error?.details,
      );
    }
    return body;
  };

  const connect = () => {
    source = new EventSource(new URL(token ? `events?token=${encodeURIComponent(token)}` : 'events', base));
    // EventSource reconnects by itself; every open after its first is a reconnection.
    let opened = false;
    source.addEventListener('open', () => {
      if (opened) for (const listener of resumedListeners) listener();
      opened = true;
    });
    for (const type of [...BRIDGE_EVENT_NAMES, LEFT_OUT_EVENT]) {
      source.addEventListener(type, (message) => {
        const event = { type, payload: JSON.parse((message as MessageEvent<string>).data) } as BridgeEvent;
        for (const listener of listeners) listener(event);
      });
    }
  };

  const bridge = Object.fromEntries(
    BRIDGE_METHOD_NAMES.map((name) => [name, (input: unknown) => call(name, input)]),
  ) as unknown as HttpBridge;
  bridge.rpc = { base: base.toString(), token };
  bridge.onResumed = (listener) => {
    resumedListeners.add(listener);
    return () => {
      resumedListeners.delete(listener);
    };
  };
  bridge.onEvent = (listener) => {
    listeners.add(listener);
    if (!source) connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) {
        source?.close();
        source = undefined;
      }
    };
  };
  return bridge;
}
