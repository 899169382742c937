import type { BridgeErrorBody, BridgeEvent, WorkbenchBridge } from '../../../shared/bridge';
import { BRIDGE_EVENT_NAMES, BRIDGE_METHOD_NAMES } from '../../../shared/bridge-methods';
import { BridgeCallError } from '../../../shared/bridge-call-error';

const TOKEN_KEY = 'workbench.token';

/**
 * The launch token arrives once in the URL (`?token=`); it is kept for this tab only and removed from the
 * address bar so it does not end up in bookmarks or screenshots.
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

/** Browser mode: the same contract over `POST rpc/<method>` and Server-Sent Events. */
export function createHttpBridge(): WorkbenchBridge {
  const token = launchToken();
  const base = new URL('.', window.location.href);
  const listeners = new Set<(event: BridgeEvent) => void>();
  let source: EventSource | undefined;

  const call = async (method: string, input: unknown): Promise<unknown> => {
    const response = await fetch(new URL(`rpc/${method}`, base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-workbench-token': token },
      body: JSON.stringify(input ?? {}),
    });
    const body = (await response.json().catch(() => null)) as unknown;
    if (!response.ok) {
      const error = (body as BridgeErrorBody | null)?.error;
      throw new BridgeCallError(
        error?.name ?? 'FAILED',
        error?.message ?? `The host answered ${response.status}.`,
        error?.details,
      );
    }
    return body;
  };

  const connect = () => {
    source = new EventSource(new URL(`events?token=${encodeURIComponent(token)}`, base));
    for (const type of BRIDGE_EVENT_NAMES) {
      source.addEventListener(type, (message) => {
        const event = { type, payload: JSON.parse((message as MessageEvent<string>).data) } as BridgeEvent;
        for (const listener of listeners) listener(event);
      });
    }
  };

  const bridge = Object.fromEntries(
    BRIDGE_METHOD_NAMES.map((name) => [name, (input: unknown) => call(name, input)]),
  ) as unknown as WorkbenchBridge;
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
