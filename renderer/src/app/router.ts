import { useSyncExternalStore } from 'react';
import type { ResourceKind } from '../../../shared/bridge';

/** Hash routes (`#/orders/ID`): the same under app:// in Electron and /__workbench/ in a browser, with no server fallback. */
function subscribe(callback: () => void): () => void {
  window.addEventListener('hashchange', callback);
  return () => window.removeEventListener('hashchange', callback);
}

const current = () => window.location.hash.replace(/^#\/?/, '');

const segmentsOf = (hash: string): string[] =>
  hash.split('?')[0]?.split('/').filter(Boolean).map(decodeURIComponent) ?? [];

/** The route's path segments, e.g. `['orders', 'ABC']`. */
export function useRoute(): string[] {
  return segmentsOf(useSyncExternalStore(subscribe, current));
}

/** The route's path segments now, outside React (the start, before anything is drawn). */
export const currentRoute = (): string[] => segmentsOf(current());

export function navigate(path: string): void {
  window.location.hash = '#' + (path.startsWith('/') ? path : `/${path}`);
}

export const hrefFor = (path: string): string => '#' + (path.startsWith('/') ? path : `/${path}`);

/** Where each kind of API resource has its pages, as the feature registry declares them. */
export interface ResourcePlaces {
  /** kind -> the route segment whose detail page shows one (`#/<segment>/<id>`). */
  kinds: Readonly<Partial<Record<ResourceKind, string>>>;
  /** The segment that finds any resource by id, for kinds without pages of their own. */
  lookup: string | undefined;
}

// Handed over at start (main.tsx) rather than imported: every feature builds links with this module
// and the registry imports every feature, so importing the registry here would close a loop through
// the whole renderer.
let places: ResourcePlaces | undefined;

/** Gives the router the registry's table of resource places; main.tsx does it once, before rendering. */
export function setResourcePlaces(table: ResourcePlaces): void {
  places = table;
}

/**
 * The workbench route of an API resource, e.g. `/captures/ABC` (give it to `hrefFor` or `navigate`); a
 * kind without a page of its own opens in the page that finds any id.
 */
export function resourceRoute(kind: ResourceKind, id: string): string {
  if (!places) throw new Error('resourceRoute before the resource places were handed to the router');
  const segment = places.kinds[kind] ?? places.lookup ?? kind;
  return `/${segment}/${encodeURIComponent(id)}`;
}
