import { describe, expect, it } from 'vitest';
import { RESOURCE_KINDS } from '../../../shared/api/registry';
import type { ResourceKind } from '../../../shared/bridge';
import { resourceRoute, setResourcePlaces } from '../app/router';
import { FEATURES, HOME_SEGMENT, LOOKUP_SEGMENT, NAVIGATION, RESOURCE_ROUTES, ROUTES } from './registry';

// The registry loads every feature (pages, forms, the bridge client) under plain Node: nothing in a
// feature may touch the browser while modules load, only when it renders or calls.
describe('the renderer feature registry', () => {
  it('routes every navigation entry, the home page first', () => {
    const entries = NAVIGATION.flatMap((section) => section.items);
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) expect(ROUTES.has(entry.path), entry.path).toBe(true);
    expect(HOME_SEGMENT).toBe(entries[0]?.path);
    expect(new Set(FEATURES.map((f) => f.name)).size).toBe(FEATURES.length);
  });

  it('shows every resource kind the API stores, on a detail page of its own or the lookup page', () => {
    expect(LOOKUP_SEGMENT).toBeDefined();
    expect(ROUTES.get(LOOKUP_SEGMENT ?? '')?.lookup).toBe(true);
    for (const [kind, segment] of Object.entries(RESOURCE_ROUTES)) {
      expect(RESOURCE_KINDS, kind).toContain(kind);
      expect(ROUTES.get(segment ?? '')?.detail, kind).toBeDefined();
    }
  });

  it('builds resource links only once the places are handed to the router', () => {
    expect(() => resourceRoute('order', 'ABC')).toThrow(/before the resource places/);
    setResourcePlaces({ kinds: RESOURCE_ROUTES, lookup: LOOKUP_SEGMENT });
    expect(resourceRoute('order', '5O1 2')).toBe(`/${RESOURCE_ROUTES.order}/5O1%202`);
    expect(resourceRoute('no-page-of-its-own' as ResourceKind, 'X')).toBe(`/${LOOKUP_SEGMENT}/X`);
  });
});
