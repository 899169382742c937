import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findImportCycles, importGraph, runtimeImports } from './import-cycles.js';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('runtime import cycles', () => {
  it('none in the renderer, the host or shared/ (type-only imports aside)', () => {
    const graph = importGraph(PROJECT_ROOT, [
      'renderer/src',
      'electron',
      'shared',
      'bench',
      'e2e',
      'scripts',
    ]);
    expect(graph.size).toBeGreaterThan(500);
    expect(findImportCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
    // Parsing every module of the project takes a while on a busy machine; nothing here is timed.
  }, 120_000);

  it('counts what loads a module and nothing that is erased', () => {
    const source = [
      "import type { A } from './type-only';",
      "import { type B, type C } from './inline-types';",
      "import { d } from './value';",
      "import './side-effect';",
      "export type { E } from './re-exported-type';",
      "export { type F } from './re-exported-inline-type';",
      "export * from './re-exported-all';",
      "const later = () => import('./on-demand');",
    ].join('\n');
    expect(runtimeImports('probe.ts', source)).toEqual([
      './inline-types',
      './value',
      './side-effect',
      './re-exported-all',
    ]);
  });

  it('finds a loop and names it', () => {
    const graph = new Map([
      ['app/router.ts', ['features/registry.ts']],
      ['features/registry.ts', ['features/orders/index.ts']],
      ['features/orders/index.ts', ['features/orders/page.tsx']],
      ['features/orders/page.tsx', ['app/router.ts', 'components/chip.tsx']],
      ['components/chip.tsx', []],
    ]);
    expect(findImportCycles(graph)).toEqual([
      [
        'app/router.ts',
        'features/registry.ts',
        'features/orders/index.ts',
        'features/orders/page.tsx',
        'app/router.ts',
      ],
    ]);
  });
});
