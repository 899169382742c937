import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SEED_BUYER, SEED_MERCHANT } from '../../../store/seed.js';
import { startHarness, type ApiHarness } from '../../../test-support/api-harness.js';
import { balanceOf } from './accounts-test-kit.js';
import { openingTransactionId } from './opening-balances.js';

let api: ApiHarness | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await api?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('a workspace from before ledger balances and seeded consents gets both on its next start, once', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'accounts-upgrade-'));
  api = await startHarness({ dataDir });
  // Undo what this version wrote, as an older workspace would be: no opening lines, no charity consent.
  const store = api.host.deps.store;
  store.transaction(() => {
    api?.host.services.ledger.reset();
    const charity = store.accounts.byEmail('charity@example.com');
    if (charity) {
      const { partners: _gone, ...older } = charity;
      store.accounts.upsert(older);
    }
  });
  await api.close();

  api = await startHarness({ dataDir });
  expect(await balanceOf(api, SEED_BUYER.id)).toBe('5000.00');
  expect(api.host.deps.store.accounts.byEmail('charity@example.com')?.partners?.[0]?.partner_id).toBe(
    SEED_MERCHANT.id,
  );
  await api.close();

  // A third start writes nothing twice.
  api = await startHarness({ dataDir });
  expect(await balanceOf(api, SEED_BUYER.id)).toBe('5000.00');
  expect(api.host.services.ledger.repo.byTransaction(openingTransactionId(SEED_BUYER.id))).toHaveLength(1);
});
