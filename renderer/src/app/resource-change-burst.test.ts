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

  it('counts the changes the event stream left out, per kind, and keeps the last one sent as the latest', () => {
    const burst = new ResourceChangeBurst();
    // A 2,000-order burst as the browser hears it: the 50 newest of a flush, and the count of the rest.
    for (let i = 1950; i < 2000; i += 1) burst.add(change('order', `O-${i}`));
    burst.addLeftOut({ order: 1950 });
    expect(burst.size).toBe(2000);
    expect(burst.message()).toBe('2,000 changes (2,000 order); latest: order O-1999 is CREATED (create)');
  });

  it('ignores left-out counts that are not positive whole numbers', () => {
    const burst = new ResourceChangeBurst();
    burst.add(change('order', 'O-1'));
    burst.addLeftOut({ order: 0, capture: -3, refund: 1.5 });
    expect(burst.size).toBe(1);
    expect(burst.message()).toBe('order O-1 is CREATED (create)');
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
