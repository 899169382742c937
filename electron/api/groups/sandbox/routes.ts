import { SANDBOX_ENDPOINTS as E } from '../../../../shared/api/sandbox/endpoints.js';
import { defineRoute, type AnyRoute } from '../../route.js';
import { PARTNER_ONLY } from '../../pipeline/partner-consent.js';
import type { SandboxControl } from './service.js';

/** The sandbox control API (`/v1/test-helpers/clock` and `/reset`): authenticated like every route. */
export function sandboxRoutes(control: SandboxControl): AnyRoute[] {
  return [
    defineRoute(E.readClock, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ query }) => ({ status: 200, body: control.clock(query) }),
    }),
    defineRoute(E.moveClock, {
      partnerFeatures: PARTNER_ONLY,
      handle: ({ body }) => ({ status: 200, body: control.moveClock(body) }),
    }),
    defineRoute(E.reset, {
      partnerFeatures: PARTNER_ONLY,
      handle: () => {
        control.reset();
        return { status: 204 };
      },
    }),
  ];
}
