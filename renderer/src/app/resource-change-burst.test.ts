import { describe, expect, it } from 'vitest';
import { ResourceChangeBurst } from './resource-change-burst';

const change = (kind: string, id: string, status = 'CREATED', trigger = 'create') => ({
  kind,
  id,
  status,
  trigger,
});

describe('ResourceChangeBurst', () => {
  it('has nothing to say before a change', () => {
    expect(new ResourceChangeBurst().message()).toBeUndefined();
  });

  it('names a lone change as it is', () => {
    const burst = new ResourceChangeBurst();
    burst.add(change('order', 'O-1', 'APPROVED', 'approve'));
    expect(burst.message()).toBe('order O-1 is APPROVED (approve)');
  });

  it('sums a burst up per kind, most frequent first, with the latest change', () => {
    const burst = new ResourceChangeBurst();
    for (let i = 0; i < 2000; i += 1) burst.add(change('order', `O-${i}`));
    burst.add(change('capture', 'C-1', 'COMPLETED', 'capture'));
    expect(burst.size).toBe(2001);
    expect(burst.message()).toBe(
      '2,001 changes (2,000 order, 1 capture); latest: capture C-1 is COMPLETED (capture)',
    );
  });

  it('starts afresh after clear', () => {
    const burst = new ResourceChangeBurst();
    burst.add(change('order', 'O-1'));
    burst.add(change('order', 'O-2'));
    burst.clear();
    burst.add(change('order', 'O-3'));
    expect(burst.size).toBe(1);
    expect(burst.message()).toBe('order O-3 is CREATED (create)');
  });
});
