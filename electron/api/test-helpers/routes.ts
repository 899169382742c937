import { z } from 'zod';
import { OrderIdParams } from '../../../shared/api/orders.js';
import { BuyerApprovalSchema, ClockMoveSchema } from '../../../shared/api/test-helpers.js';
import { SCOPES } from '../../../shared/scopes.js';
import type { OrdersService } from '../groups/orders-v2/service.js';
import { orderView } from '../groups/orders-v2/order-view.js';
import { DEFAULT_BUYER_EMAIL } from '../groups/orders-v2/checkout-page.js';
import type { Store } from '../../store/store.js';
import { defineRoute } from '../route.js';
import type { ApiGroup } from '../server.js';
import type { SandboxControl } from './service.js';

export { BuyerApprovalSchema, ClockMoveSchema };

/** The sandbox control API (`/v1/test-helpers/...`): authenticated like every route. */
export function testHelpersGroup(control: SandboxControl, orders: OrdersService, store: Store): ApiGroup {
  return {
    routes: [
      defineRoute({
        method: 'GET',
        path: '/v1/test-helpers/clock',
        operationId: 'sandbox.clock.get',
        summary: 'Read the simulated clock',
        tag: 'Sandbox control',
        scope: SCOPES.testHelpers,
        responses: { 200: '{now, offset_seconds, next_job_at}' },
        handle: () => ({ status: 200, body: control.clock() }),
      }),
      defineRoute({
        method: 'POST',
        path: '/v1/test-helpers/clock',
        operationId: 'sandbox.clock.move',
        summary: 'Advance the simulated clock and run every job that falls due',
        tag: 'Sandbox control',
        scope: SCOPES.testHelpers,
        body: ClockMoveSchema,
        responses: { 200: '{now, offset_seconds, jobs_run}', 422: 'The clock cannot go back' },
        handle: ({ body }) => ({ status: 200, body: control.moveClock(body) }),
      }),
      defineRoute({
        method: 'POST',
        path: '/v1/test-helpers/checkout/orders/:id/approve',
        operationId: 'sandbox.orders.approve',
        summary: 'Approve an order as a sandbox buyer (what the approval page does)',
        tag: 'Sandbox control',
        scope: SCOPES.testHelpers,
        params: OrderIdParams,
        body: BuyerApprovalSchema,
        bodyOptional: true,
        responses: { 200: 'The approved order', 422: 'Not approvable or unknown buyer' },
        handle: ({ params, body, ctx }) => {
          const order = orders.get(params.id, ctx);
          orders.approve(order, body?.buyer_email ?? DEFAULT_BUYER_EMAIL);
          return { status: 200, body: orderView(order, ctx.baseUrl, store, 'full') };
        },
      }),
      defineRoute({
        method: 'POST',
        path: '/v1/test-helpers/reset',
        operationId: 'sandbox.reset',
        summary: 'Return the sandbox to its seed state (credentials and tokens stay valid)',
        tag: 'Sandbox control',
        scope: SCOPES.testHelpers,
        body: z.object({}).optional(),
        bodyOptional: true,
        responses: { 204: 'Reset' },
        handle: () => {
          control.reset();
          return { status: 204 };
        },
      }),
    ],
  };
}
