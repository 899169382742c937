/**
 * The drawer's "Deprecated: use …" caption of each entry whose API's endpoints are deprecated (spec 9.2),
 * by entry path. Written out here, not worked out from the shared endpoints while the workbench runs: the
 * endpoints' schemas are the largest module graph of the renderer (evaluating them was a 95–125 ms task
 * in every tab), and captions that came a moment after the drawer was drawn made the entries below them
 * move under the pointer (a click meant for Events landed elsewhere). `nav-deprecations.test.ts` works
 * them out from the shared endpoints and holds this map to them, so a newly deprecated API fails there
 * until its caption is here.
 */
export const NAV_DEPRECATIONS: ReadonlyMap<string, string> = new Map([
  ['legacy-orders', 'Deprecated: use Orders v2'],
  ['legacy-payments', 'Deprecated: use /v2/payments'],
]);
