import { subscriptionPlanMachine } from '../../../../shared/api/subscriptions/index.js';
import { link, type Link } from '../../pipeline/links.js';
import type { StoredPlan } from './types.js';

export const PLANS_PATH = '/v1/billing/plans';

export const planView = (plan: StoredPlan): Record<string, unknown> => ({ ...plan.body });

/**
 * A plan's links (spec 2.10): `self`, `edit` (PATCH), `deactivate` while ACTIVE (`activate` while
 * CREATED or INACTIVE, following the same machine), and `edit` (POST) on update-pricing-schemes.
 */
export function planLinks(plan: StoredPlan, base: string): Link[] {
  const path = `${PLANS_PATH}/${plan.id}`;
  const links = [link(base, path, 'self'), link(base, path, 'edit', 'PATCH')];
  if (plan.status === 'ACTIVE') links.push(link(base, `${path}/deactivate`, 'deactivate', 'POST'));
  else links.push(link(base, `${path}/activate`, 'activate', 'POST'));
  if (plan.status !== 'INACTIVE') links.push(link(base, `${path}/update-pricing-schemes`, 'edit', 'POST'));
  return links;
}

/** A list entry (spec 2.10): minimal is id, name, description and links; else status, usage_type, time too. */
export function planListEntry(plan: StoredPlan, base: string, minimal: boolean): Record<string, unknown> {
  const description = plan.body.description !== undefined ? { description: plan.body.description } : {};
  const links = [link(base, `${PLANS_PATH}/${plan.id}`, 'self')];
  if (minimal) return { id: plan.id, name: plan.body.name, ...description, links };
  return {
    id: plan.id,
    product_id: plan.body.product_id,
    name: plan.body.name,
    status: plan.status,
    ...description,
    usage_type: plan.body.usage_type,
    create_time: plan.body.create_time,
    links,
  };
}

export const planMachine = subscriptionPlanMachine;
