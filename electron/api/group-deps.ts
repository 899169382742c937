import type { Ledger } from '../ledger/ledger.js';
import type { Mailbox } from '../mailbox/mailbox.js';
import type { Webhooks } from '../webhooks/webhooks.js';
import type { ApiDeps } from './deps.js';
import type { ResourceKinds } from './resource-kinds.js';

/** Host options some groups read. */
export interface GroupOptions {
  /** Default reporting visibility delay in seconds of simulated time (0..10800; spec part 8). */
  reportingDelaySeconds?: number | undefined;
}

/** What every group is built from: the API's dependencies and the infrastructure groups may use. */
export interface GroupDeps extends ApiDeps {
  kinds: ResourceKinds;
  ledger: Ledger;
  webhooks: Webhooks;
  /** The sandbox mailbox: every e-mail the platform would send (`mailbox.send(...)`). */
  mailbox: Mailbox;
  options: GroupOptions;
  /** Returns the whole sandbox to its seed state in one transaction (the host's reset). */
  resetSandbox(): void;
}
