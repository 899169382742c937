import { ENDPOINTS } from '../../../shared/api/registry';

/**
 * Spec 9.2 read from the shared endpoints: an operation is deprecated when its endpoint says so
 * (`Endpoint.deprecated`, the same field `/openapi.json` reads). No React here: the drawer's captions,
 * written out in `app/nav-deprecations.ts`, are held to what this module works out by its test.
 */

/** The replacement of every deprecated endpoint whose path starts with `pathPrefix`, once each. */
export function replacementsUnder(pathPrefix: string): string[] {
  return [
    ...new Set(
      ENDPOINTS.filter((e) => e.deprecated && e.path.startsWith(pathPrefix)).map(
        (e) => e.deprecated?.replacement ?? '',
      ),
    ),
  ];
}

/** A navigation entry, as far as its caption goes: its path and the API path its pages call. */
export interface CaptionedEntry {
  path: string;
  apiPrefix?: string;
}

/** "Deprecated: use …" of each entry whose API's endpoints are deprecated, as [entry path, caption]. */
export function deprecationCaptions(entries: readonly CaptionedEntry[]): [string, string][] {
  const captions: [string, string][] = [];
  for (const entry of entries) {
    const replacements = entry.apiPrefix ? replacementsUnder(entry.apiPrefix) : [];
    if (replacements.length > 0) captions.push([entry.path, `Deprecated: use ${replacements.join(' or ')}`]);
  }
  return captions;
}
