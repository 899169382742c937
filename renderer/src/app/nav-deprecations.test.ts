import { describe, expect, it } from 'vitest';
import { replacementsUnder } from '../components/deprecation';
import { NAVIGATION } from '../features/registry';
import { NAV_DEPRECATIONS } from './nav-deprecations';

describe("the drawer's deprecation captions", () => {
  it('are what the shared endpoints say of each entry’s API (spec 9.2), no more and no fewer', () => {
    const captions = new Map<string, string>();
    for (const { path, apiPrefix } of NAVIGATION.flatMap((group) => group.items)) {
      const replacements = apiPrefix ? replacementsUnder(apiPrefix) : [];
      if (replacements.length > 0) captions.set(path, `Deprecated: use ${replacements.join(' or ')}`);
    }
    expect(captions).toEqual(NAV_DEPRECATIONS);
  });
});
