import type { GroupDeps } from './group-deps.js';
import { defineAccounts } from './groups/accounts/index.js';
import type { GroupModule } from './group-module.js';
import { defineIdentity } from './groups/identity/index.js';
import { defineInvoicing } from './groups/invoicing/index.js';
import { defineMailbox } from './groups/mailbox/index.js';
import { defineBillingV1 } from './groups/billing-v1/index.js';
import { defineCatalogProducts } from './groups/catalog-products/index.js';
import { defineOauth } from './groups/oauth/index.js';
import { defineOrdersV1 } from './groups/orders-v1/index.js';
import { defineOrdersV2, orderContext } from './groups/orders-v2/index.js';
import { definePaymentsV1 } from './groups/payments-v1/index.js';
import { definePartnerReferrals } from './groups/partner-referrals/index.js';
import { definePaymentsV2 } from './groups/payments-v2/index.js';
import { definePayouts } from './groups/payouts/index.js';
import { defineReferencedPayouts } from './groups/referenced-payouts/index.js';
import { defineReporting } from './groups/reporting/index.js';
import { defineSandbox } from './groups/sandbox/index.js';
import { defineTrackers } from './groups/trackers/index.js';
import { defineVault } from './groups/vault/index.js';
import { defineSubscriptions } from './groups/subscriptions/index.js';
import { defineWebhooks } from './groups/webhooks/index.js';
import { defineWebProfiles } from './groups/web-profiles/index.js';
import { defineDisputes } from './groups/disputes/index.js';

/**
 * Every API group of the host, one line each (a group that another needs is defined before it). A new
 * group adds its line here, its shared half to `shared/api/registry.ts`, and its pages to
 * `renderer/src/features/registry.ts`; nothing else changes.
 */
export function defineGroups(deps: GroupDeps): GroupModule[] {
  const payments = definePaymentsV2(deps, orderContext);
  const vault = defineVault(deps);
  const trackers = defineTrackers(deps);
  const orders = defineOrdersV2(deps, payments.api, vault.orders, trackers.orders);
  const accounts = defineAccounts(deps);
  const products = defineCatalogProducts(deps);
  const subscriptions = defineSubscriptions(deps, products.api);
  const paymentsV1 = definePaymentsV1(deps);
  return [
    defineOauth(deps),
    defineOrdersV1(deps),
    orders,
    payments,
    paymentsV1,
    definePayouts(deps),
    defineReferencedPayouts(deps),
    defineWebhooks(deps),
    defineReporting(deps),
    defineSandbox(deps),
    defineIdentity(deps),
    defineWebProfiles(deps),
    vault,
    trackers,
    defineInvoicing(deps),
    defineMailbox(deps),
    accounts,
    definePartnerReferrals(deps, accounts.api),
    products,
    subscriptions,
    defineBillingV1(deps, products.api, subscriptions.plans, subscriptions.subscriptions),
    defineDisputes(deps, payments.api, paymentsV1.operations),
  ];
}
