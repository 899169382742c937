import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../../shared/api/registry';
import { machineLayout } from './state-machine-view';

describe('machineLayout', () => {
  it('gives every machine a finite drawing with every state inside it', () => {
    for (const [kind, machine] of Object.entries(MACHINES)) {
      const { position, width, height, states } = machineLayout(machine);
      expect(Number.isFinite(width) && Number.isFinite(height), kind).toBe(true);
      for (const state of states) {
        const p = position.get(state);
        expect(p, `${kind} ${state}`).toBeDefined();
        expect(p!.x + 168, `${kind} ${state}`).toBeLessThanOrEqual(width);
        expect(p!.y + 40, `${kind} ${state}`).toBeLessThanOrEqual(height);
      }
    }
  });

  it("the subscription's machine: no empty column", () => {
    const { position, width } = machineLayout(MACHINES['subscription']!);
    const xs = new Set([...position.values()].map((p) => p.x));
    expect(width).toBe(24 + xs.size * (168 + 64) - 64);
  });
});
