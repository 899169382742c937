import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type ApiHarness } from './api-harness.js';

describe('api harness', () => {
  let api: ApiHarness;
  afterEach(async () => api?.close());

  it('issues a token and creates an order through the whole pipeline', async () => {
    api = await startHarness();
    const created = await api.createOrder();
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('CREATED');
    expect(created.body.id).toMatch(/^[A-Z0-9]{17}$/);
  });
});
