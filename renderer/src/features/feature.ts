import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { ResourceKind } from '../../../shared/bridge';

/**
 * What a feature (one area of the workbench, usually one API group) contributes to the shell: its
 * entries in the navigation drawer, its pages by route segment, and the API resource kinds it shows.
 * Each feature declares this once in its `index.ts`; `features/registry.ts` lists every feature, and
 * the shell (navigation, routing, links to resources) reads only the registry.
 */

/** The drawer's sections, in the order they are shown. */
export const NAV_SECTIONS = ['Payments', 'Billing', 'Merchants', 'Legacy', 'Reporting', 'Tools'] as const;
export type NavSection = (typeof NAV_SECTIONS)[number];

/** One entry of the navigation drawer: `#/<path>` under its section (tested as `nav-<path>`). */
export interface NavEntry {
  section: NavSection;
  path: string;
  label: string;
  /**
   * The API path its pages drive (`/v1/checkout/orders`): the drawer marks the entry deprecated, with
   * the replacement, when that API's endpoints say they are (spec 9.2).
   */
  apiPrefix?: string;
}

/** What a route's list page gets: the whole route (`['events', 'outbox', 'ID']`) and the id segment. */
export interface PageProps {
  route: string[];
  id: string | undefined;
}

/** The pages under one path segment. */
export interface FeatureRoute {
  /** The page at `#/<segment>`; it also answers `#/<segment>/...` when there is no `detail` page. */
  list: ComponentType<PageProps>;
  /** The page at `#/<segment>/<id>`. */
  detail?: ComponentType<{ id: string }>;
  /**
   * `#/<segment>/<id>` finds any resource by its id: where links to a resource kind that has no page
   * of its own lead.
   */
  lookup?: boolean;
  /**
   * Where the pages read their data. `embedded` (the default): the workbench's own store, so with a remote
   * environment active the shell says plainly that they show the embedded sandbox. `active-environment`:
   * through the active environment's API (or the page says itself what it shows).
   */
  reads?: 'embedded' | 'active-environment';
  /**
   * Asks for the list page's first data into `queryClient` under the keys the page reads, when the
   * workbench starts on this route: the host answers while the page's code is still being drawn.
   */
  prefetch?: (queryClient: QueryClient) => void;
}

export interface Feature {
  name: string;
  nav: readonly NavEntry[];
  /** Pages by their first path segment. */
  routes: Readonly<Record<string, FeatureRoute>>;
  /** The resource kinds it shows: kind -> the segment whose `detail` page shows one. */
  kinds?: Readonly<Partial<Record<ResourceKind, string>>>;
}

export function defineFeature(feature: Feature): Feature {
  return feature;
}
