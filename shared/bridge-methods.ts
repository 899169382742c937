/**
 * The names of the bridge's methods and events, and nothing else: the Electron preload imports only
 * this (it runs sandboxed and must stay tiny). `shared/bridge.ts` attaches schemas and types to each
 * name (`satisfies Record<BridgeMethodName, …>` keeps the two lists identical), and a test checks the
 * preload exposes exactly these names.
 */
export const BRIDGE_METHOD_NAMES = [
  'getInfo',
  'listEnvironments',
  'addEnvironment',
  'removeEnvironment',
  'selectEnvironment',
  'sendRequest',
  'listResources',
  'getResource',
  'listAccounts',
  'listRequestLog',
  'getRequestLogEntry',
  'exportHar',
  'openExternal',
  'lookupId',
  'reportingSummary',
] as const;

export type BridgeMethodName = (typeof BRIDGE_METHOD_NAMES)[number];

export const BRIDGE_EVENT_NAMES = [
  'request-logged',
  'resource-changed',
  'webhook-received',
  'webhook-outbox-changed',
  'clock-moved',
] as const;

export type BridgeEventName = (typeof BRIDGE_EVENT_NAMES)[number];

/**
 * The browser's event stream's own event, after the host's: what a flush left out (the stream keeps a
 * bounded number of each type's events per flush), so a page's counts of a burst stay exact.
 */
export const LEFT_OUT_EVENT = 'events-left-out';

/** IPC channel of a method, and the one channel events arrive on. */
export const methodChannel = (name: BridgeMethodName): string => `workbench:${name}`;
export const EVENT_CHANNEL = 'workbench:event';
