import { useSyncExternalStore } from 'react';
import type { ResourceKind } from '../../../shared/bridge';
import { LOOKUP_SEGMENT, RESOURCE_ROUTES } from '../features/registry';

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

/**
 * Where each kind of API resource lives, as the feature registry declares it (kind -> route segment).
 * Features import this module and the registry imports the features, so the table is only read when
 * a route is asked for, never while modules load.
 */
export { RESOURCE_ROUTES };

/**
 * The workbench route of an API resource, e.g. `/captures/ABC` (give it to `hrefFor` or `navigate`); a
 * kind without a page of its own opens in the page that finds any id.
 */
export function resourceRoute(kind: ResourceKind, id: string): string {
  const segment = RESOURCE_ROUTES[kind] ?? LOOKUP_SEGMENT ?? kind;
  return `/${segment}/${encodeURIComponent(id)}`;
}
