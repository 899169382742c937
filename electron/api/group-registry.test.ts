import { afterEach, describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  ISSUES,
  MACHINES,
  RESOURCE_KINDS,
  SHARED_GROUPS,
  TRANSACTION_CODES,
} from '../../shared/api/registry.js';
import { startHarness, type ApiHarness } from '../test-support/api-harness.js';
import { GroupRegistry } from './group-registry.js';
import type { GroupModule } from './group-module.js';

/**
 * The registries are the only place a group is named: what the host registers must be exactly what the
 * shared registry describes (the console's list, the machines the UI draws, the issue table).
 */
describe('group registry', () => {
  let api: ApiHarness | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it('registers every shared endpoint as a route, and no route without one', async () => {
    api = await startHarness();
    const routes = api.host.services.groups.routes();
    const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
    expect(routes.map(key).sort()).toEqual(ENDPOINTS.map(key).sort());
    // Routes are built from the endpoint itself: the schemas the console validates with are the
    // schemas the pipeline validates with.
    for (const route of routes) {
      const endpoint = ENDPOINTS.find((e) => key(e) === key(route));
      expect(route.body).toBe(endpoint?.body);
      expect(route.operationId).toBe(endpoint?.operationId);
    }
  });

  it('has one host module per shared group, and one resource kind per machine', async () => {
    api = await startHarness();
    const modules = api.host.services.groups.modules;
    expect(modules.map((m) => m.shared).sort()).toEqual([...SHARED_GROUPS].sort());
    expect(api.host.services.kinds.list().sort()).toEqual([...RESOURCE_KINDS].sort());
    for (const kind of RESOURCE_KINDS) expect(api.host.services.kinds.get(kind).machine).toBe(MACHINES[kind]);
  });

  it('names a real issue for every refusal of every machine', () => {
    for (const machine of Object.values(MACHINES)) {
      for (const refusal of Object.values(machine.refusals)) {
        if (!refusal) continue;
        expect(Object.keys(ISSUES)).toContain(refusal.issue);
        for (const issue of Object.values(refusal.when ?? {})) expect(Object.keys(ISSUES)).toContain(issue);
      }
    }
  });

  it('refuses a shared group without a host module, and a group registered twice', () => {
    const fake = (shared: GroupModule['shared'], name = shared.name): GroupModule => ({
      name,
      shared,
      routes: [],
    });
    const all = SHARED_GROUPS.map((shared) => fake(shared));
    expect(() => new GroupRegistry(all.slice(1))).toThrow(/has no host module/);
    expect(() => new GroupRegistry([...all, fake(SHARED_GROUPS[0])])).toThrow(/registered twice/);
    expect(() => new GroupRegistry(all)).not.toThrow();
  });

  it('gives the ledger exactly the transaction codes the groups contribute, and it refuses any other', async () => {
    api = await startHarness();
    const { ledger } = api.host.services;
    for (const code of TRANSACTION_CODES) expect(ledger.codes.get(code.code)).toEqual(code);
    expect(ledger.codes.get('T9999')).toBeUndefined();
    const line = {
      accountId: api.host.sandboxApp.merchant_id,
      transactionId: 'PROBE0000000000001',
      status: 'S' as const,
      initiatedMs: api.host.deps.clock.now(),
      currency: 'USD',
      amountMinor: 100n,
      feeMinor: 0n,
      source: 'api',
      details: {},
    };
    expect(() => ledger.writer.record([{ ...line, eventCode: 'T9999' }])).toThrow(/no group contributes it/);
    expect(ledger.repo.byTransaction(line.transactionId)).toEqual([]);
    ledger.writer.record([{ ...line, eventCode: 'T0300' }]);
    expect(ledger.repo.byTransaction(line.transactionId).map((e) => e.eventCode)).toEqual(['T0300']);
  });
});
