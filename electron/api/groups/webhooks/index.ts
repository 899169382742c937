import { webhooksShared } from '../../../../shared/api/webhooks/index.js';
import type { GroupDeps } from '../../group-deps.js';
import type { GroupModule } from '../../group-module.js';
import { WebhookEventsService } from './events-service.js';
import { webhooksPages, webhooksRoutes } from './routes.js';
import { WebhookSubscriptionsService } from './service.js';
import { webhooksTestHelperRoutes } from './test-helpers.js';
import { WebhookVerifyService } from './verify-service.js';

/**
 * Webhooks (spec 4.12, part 6): the HTTP face of the webhooks infrastructure (`deps.webhooks`: the
 * catalog, the outbox, the delivery worker, the certificate, the local listener), which the host builds,
 * resets and closes. The group keeps no state of its own.
 */
export function defineWebhooks(deps: GroupDeps): GroupModule {
  const webhooks = deps.webhooks;
  const events = new WebhookEventsService(deps, webhooks);
  const services = {
    subscriptions: new WebhookSubscriptionsService(deps, webhooks),
    events,
    verifier: new WebhookVerifyService(webhooks),
  };
  return {
    name: 'webhooks',
    shared: webhooksShared,
    routes: [...webhooksRoutes(services, webhooks), ...webhooksTestHelperRoutes(events, webhooks)],
    pages: webhooksPages(webhooks),
  };
}
