import type { ResourceKind } from '../../../shared/bridge';
import { accountsFeature } from './accounts';
import { billingFeature } from './billing';
import { consoleFeature } from './console';
import { disputesFeature } from './disputes';
import { environmentsFeature } from './environments';
import { eventsFeature } from './events';
import { invoicesFeature } from './invoices';
import { mailboxFeature } from './mailbox';
import { NAV_SECTIONS, type Feature, type FeatureRoute, type NavSection } from './feature';
import { identityFeature } from './identity';
import { legacyOrdersFeature } from './legacy-orders';
import { legacyPaymentsFeature } from './legacy-payments';
import { ordersFeature } from './orders';
import { partnersFeature } from './partners';
import { paymentsFeature } from './payments';
import { payoutsFeature } from './payouts';
import { reportsFeature } from './reports';
import { requestLogFeature } from './request-log';
import { supportFeature } from './support';
import { webProfilesFeature } from './web-profiles';
import { vaultFeature } from './vault';

/**
 * Every feature of the workbench, one line each, in the order the navigation shows them. The shell
 * (`app/App.tsx`, `app/router.ts`) reads the tables below and names no feature: a new area (a new API
 * group's pages) is one folder with an `index.ts` and one line here.
 */
export const FEATURES: readonly Feature[] = [
  ordersFeature,
  paymentsFeature,
  vaultFeature,
  payoutsFeature,
  disputesFeature,
  identityFeature,
  webProfilesFeature,
  legacyOrdersFeature,
  legacyPaymentsFeature,
  invoicesFeature,
  accountsFeature,
  partnersFeature,
  billingFeature,
  reportsFeature,
  supportFeature,
  eventsFeature,
  consoleFeature,
  requestLogFeature,
  mailboxFeature,
  environmentsFeature,
];

function joinRoutes(): ReadonlyMap<string, FeatureRoute> {
  const routes = new Map<string, FeatureRoute>();
  for (const feature of FEATURES) {
    for (const [segment, route] of Object.entries(feature.routes)) {
      if (routes.has(segment)) throw new Error(`#/${segment} is routed twice (${feature.name})`);
      routes.set(segment, route);
    }
  }
  return routes;
}

/** The pages by the route's first segment. */
export const ROUTES = joinRoutes();

/** The navigation drawer: its sections in order, each with its entries in feature order. */
export const NAVIGATION: readonly {
  section: NavSection;
  items: { path: string; label: string; apiPrefix?: string }[];
}[] = NAV_SECTIONS.map((section) => ({
  section,
  items: FEATURES.flatMap((feature) => feature.nav)
    .filter((entry) => entry.section === section)
    .map(({ path, label, apiPrefix }) => ({ path, label, ...(apiPrefix ? { apiPrefix } : {}) })),
})).filter((section) => section.items.length > 0);

/** The page `#/` shows: the first entry of the navigation. */
export const HOME_SEGMENT: string = NAVIGATION[0]?.items[0]?.path ?? '';

function joinKinds(): Readonly<Partial<Record<ResourceKind, string>>> {
  const kinds: Partial<Record<ResourceKind, string>> = {};
  for (const feature of FEATURES) {
    for (const [kind, segment] of Object.entries(feature.kinds ?? {}) as [ResourceKind, string][]) {
      if (kinds[kind]) throw new Error(`resource kind ${kind} is shown by two features (${feature.name})`);
      if (!ROUTES.get(segment)?.detail)
        throw new Error(`${feature.name}: #/${segment}/<id> has no detail page`);
      kinds[kind] = segment;
    }
  }
  return kinds;
}

/** Where each kind of API resource has its pages: kind -> route segment (its detail is `#/<segment>/<id>`). */
export const RESOURCE_ROUTES = joinKinds();

/** The segment that finds any resource by id: where a kind without pages of its own is shown. */
export const LOOKUP_SEGMENT: string | undefined = [...ROUTES].find(([, route]) => route.lookup)?.[0];

for (const entry of FEATURES.flatMap((feature) => feature.nav)) {
  if (!ROUTES.has(entry.path)) throw new Error(`The navigation entry ${entry.label} leads to no page`);
}
