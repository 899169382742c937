import { describe, expect, it } from 'vitest';
import { deprecationCaptions } from '../components/deprecated-endpoints';
import { NAVIGATION } from '../features/registry';
import { NAV_DEPRECATIONS } from './nav-deprecations';

describe("the drawer's deprecation captions", () => {
  it('are what the shared endpoints say of each entry’s API (spec 9.2), no more and no fewer', () => {
    const entries = NAVIGATION.flatMap((group) => group.items);
    expect(new Map(deprecationCaptions(entries))).toEqual(NAV_DEPRECATIONS);
  });
});
