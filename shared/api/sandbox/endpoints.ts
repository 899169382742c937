import { z } from 'zod';
import { SCOPES } from '../../scopes.js';
import { defineEndpoint } from '../endpoint.js';
import { ClockMoveSchema, ClockReadQuery } from './schemas.js';

const TAG = 'Sandbox control';

/** The sandbox control API's own operations: the simulated clock and the reset. */
export const SANDBOX_ENDPOINTS = {
  readClock: defineEndpoint({
    method: 'GET',
    path: '/v1/test-helpers/clock',
    operationId: 'sandbox.clock.get',
    summary: 'Read the simulated clock (with `until`: the jobs due by then, and where a `step` of them ends)',
    tag: TAG,
    scope: SCOPES.testHelpers,
    query: ClockReadQuery,
    responses: { 200: '{now, offset_seconds, next_job_at, jobs_due, step_until}' },
  }),
  moveClock: defineEndpoint({
    method: 'POST',
    path: '/v1/test-helpers/clock',
    operationId: 'sandbox.clock.move',
    summary: 'Advance the simulated clock and run every job that falls due',
    tag: TAG,
    scope: SCOPES.testHelpers,
    body: ClockMoveSchema,
    responses: { 200: '{now, offset_seconds, jobs_run}', 422: 'The clock cannot go back' },
    example: { advance_seconds: 3600 },
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/v1/test-helpers/reset',
    operationId: 'sandbox.reset',
    summary: 'Return the sandbox to its seed state (credentials and tokens stay valid)',
    tag: TAG,
    scope: SCOPES.testHelpers,
    body: z.object({}).optional(),
    bodyOptional: true,
    responses: { 204: 'Reset' },
  }),
};
