import { sandboxShared } from '../../../../shared/api/sandbox/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { registerMerchantPages } from './merchant-pages.js';
import { sandboxRoutes } from './routes.js';
import { SandboxControl } from './service.js';

export { MAX_ADVANCE_SECONDS, type ClockState } from './service.js';

/**
 * The sandbox control API: the simulated clock and the reset. Each group's own helpers (approve as a
 * buyer, generate history, simulate an event) live with their group; these two belong to none.
 */
export function defineSandbox(deps: GroupDeps): GroupModule {
  const control = new SandboxControl(deps);
  return {
    name: 'sandbox',
    shared: sandboxShared,
    routes: sandboxRoutes(control),
    pages: registerMerchantPages,
  };
}
