import { afterEach, describe, expect, it } from 'vitest';
import {
  batchBody,
  createOk,
  fund,
  payoutItem,
  settle,
  startPayoutsHarness,
  type PayoutsHarness,
} from '../api/groups/payouts/payouts-test-kit.js';
import type { ResourceDetail } from '../../shared/bridge.js';
import { MemoryVault } from './vault.js';
import { WorkbenchService } from './workbench-service.js';

/** A resource's detail in the workbench lists its lineage, bounded however large the lineage is. */
describe('resource detail: the lineage', () => {
  let api: PayoutsHarness | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('lists at most 200 of each related kind and counts them all', async () => {
    api = await startPayoutsHarness();
    await fund(api, '10000.00');
    const items = Array.from({ length: 450 }, (_, i) =>
      payoutItem('buyer@example.com', { value: '1.00', sender_item_id: `i${i}` }),
    );
    const batchId = await createOk(api, batchBody(items));
    await settle(api);
    const service = new WorkbenchService(api.host, {
      mode: 'browser',
      version: 'test',
      vault: new MemoryVault(),
      embeddedBaseUrl: 'http://127.0.0.1',
    });

    const batch = (await service.call('getResource', {
      kind: 'payout-batch',
      id: batchId,
    })) as ResourceDetail;
    expect(batch.summary.root).toEqual({ kind: 'payout-batch', id: batchId });
    expect(batch.related).toHaveLength(200);
    expect(batch.related.every((r) => r.kind === 'payout-item' && r.root?.id === batchId)).toBe(true);
    expect(batch.related_total).toBe(450);
    // Oldest first: the batch's first items.
    const firstTimes = batch.related.map((r) => r.create_time);
    expect([...firstTimes].sort()).toEqual(firstTimes);

    const item = batch.related[0]!;
    const detail = (await service.call('getResource', {
      kind: 'payout-item',
      id: item.id,
    })) as ResourceDetail;
    expect(detail.summary.root).toEqual({ kind: 'payout-batch', id: batchId });
    expect(detail.related_total).toBe(450);
    expect(detail.related.some((r) => r.kind === 'payout-batch' && r.id === batchId)).toBe(true);
    expect(detail.related.some((r) => r.id === item.id)).toBe(false);
  });
});
