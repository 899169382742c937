import { issuesOf } from '../issue.js';

/** The sandbox control API: the issues its operations answer with. */
export const SANDBOX_ISSUES = {
  ...issuesOf('UNPROCESSABLE_ENTITY', {
    CLOCK_CANNOT_GO_BACK: 'The simulated clock only moves forward.',
  }),
};
