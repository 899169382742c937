import type { AnyRoute } from '../route.js';
import { PARTNER_ONLY, type PartnerFeatures } from './partner-consent.js';

/**
 * The operation -> feature table of docs/partner-consent.md, rendered from the routes' declarations so
 * the page can be checked against them (a test does).
 */
export function partnerConsentTable(routes: readonly AnyRoute[]): string {
  const rows = routes
    .map(
      (route) => `| ${route.tag} | \`${route.method} ${route.path}\` | ${describe(route.partnerFeatures)} |`,
    )
    .sort();
  return ['| Group | Operation | What the seller must have granted |', '|---|---|---|', ...rows].join('\n');
}

function describe(declared: PartnerFeatures<never> | undefined): string {
  if (declared === undefined) return 'not declared: refused for a seller';
  if (declared === PARTNER_ONLY) return "the partner's own: refused for a seller";
  if (!('always' in declared)) return declared.join(', ');
  const sometimes = declared.sometimes.map((c) => `${c.feature} when ${c.when}`);
  return [...declared.always, ...sometimes].join(', ');
}
