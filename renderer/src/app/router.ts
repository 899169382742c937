import { useSyncExternalStore } from 'react';
import type { ResourceKind } from '../../../shared/bridge';

/** Hash routes (`#/orders/ID`): the same under app:// in Electron and /__workbench/ in a browser, with no server fallback. */
function subscribe(callback: () => void): () => void {
  window.addEventListener('hashchange', callback);
  return () => window.removeEventListener('hashchange', callback);
}

const current = () => window.location.hash.replace(/^#\/?/, '');

/** The route's path segments, e.g. `['orders', 'ABC']`. */
export function useRoute(): string[] {
  const hash = useSyncExternalStore(subscribe, current);
  return hash.split('?')[0]?.split('/').filter(Boolean).map(decodeURIComponent) ?? [];
}

export function navigate(path: string): void {
  window.location.hash = '#' + (path.startsWith('/') ? path : `/${path}`);
}

export const hrefFor = (path: string): string => '#' + (path.startsWith('/') ? path : `/${path}`);

/** Where each kind of API resource lives in the workbench (its list page; its detail is below it). */
export const RESOURCE_ROUTES: Record<ResourceKind, string> = {
  order: 'orders',
  authorization: 'authorizations',
  capture: 'captures',
  refund: 'refunds',
};

/** The workbench route of an API resource, e.g. `/captures/ABC` (give it to `hrefFor` or `navigate`). */
export const resourceRoute = (kind: ResourceKind, id: string): string =>
  `/${RESOURCE_ROUTES[kind]}/${encodeURIComponent(id)}`;
