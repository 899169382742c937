import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layering of docs/architecture.md is held by the lint (eslint.config.js). Each hole it
 * once let through is probed here: the probe file is linted at a real place in the tree with ESLint's
 * own API, and the import must be refused; the imports the design wants must still pass.
 */

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: PROJECT_ROOT });
});

// The first lint loads the whole configuration and parser; on a busy machine that alone takes seconds.
const LINT_BUDGET_MS = 120_000;

/** The layering messages for `source` linted as the file at `path`. */
async function refusals(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: `${PROJECT_ROOT}${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const probe = (specifier: string, name = 'probe') =>
  `import { ${name} } from '${specifier}';\nexport const used = ${name};\n`;

interface Hole {
  hole: string;
  path: string;
  specifier: string;
  says: RegExp;
}

const HOLES: Hole[] = [
  {
    hole: 'a deep path into another group',
    path: 'electron/api/groups/invoicing/probe.ts',
    specifier: '../../groups/payouts/jobs.js',
    says: /only through its index\.ts/,
  },
  {
    hole: "another group's internals, next door",
    path: 'electron/api/groups/invoicing/probe.ts',
    specifier: '../payouts/jobs.js',
    says: /only through that group's index\.ts/,
  },
  {
    hole: 'a deep path into a group from the host',
    path: 'electron/host/probe.ts',
    specifier: '../api/groups/payouts/service.js',
    says: /Bad layering/,
  },
  {
    hole: 'the scheduler (top-level electron/*.ts) importing a group',
    path: 'electron/scheduler.ts',
    specifier: './api/groups/payouts/index.js',
    says: /only through the registries/,
  },
  {
    hole: 'the clock (top-level electron/*.ts) importing a group',
    path: 'electron/clock.ts',
    specifier: './api/groups/subscriptions/index.js',
    says: /only through the registries/,
  },
  {
    hole: "the scheduler importing a group's shared half",
    path: 'electron/scheduler.ts',
    specifier: '../shared/api/payouts/index.js',
    says: /not even its shared half/,
  },
  ...(
    [
      ['electron/ledger/probe.ts', '../../shared/api/reporting/schemas.js'],
      ['electron/webhooks/probe.ts', '../../shared/api/webhooks/schemas.js'],
      ['electron/mailbox/probe.ts', '../../shared/api/mailbox/index.js'],
      ['electron/host/probe.ts', '../../shared/api/orders-v2/index.js'],
      ['electron/store/probe.ts', '../../shared/api/vault/schemas.js'],
      ['electron/api/probe.ts', '../../shared/api/payouts/index.js'],
      ['electron/api/pipeline/probe.ts', '../../../shared/api/oauth/schemas.js'],
      ['electron/api/docs/probe.ts', '../../../shared/api/invoicing'],
    ] as const
  ).map(([path, specifier]): Hole => ({
    hole: `${path.split('/').slice(1, -1).join('/')} importing a group's shared half (${specifier})`,
    path,
    specifier,
    says: /not even its shared half/,
  })),
  {
    hole: "a renderer feature importing another feature's internals",
    path: 'renderer/src/features/vault/probe.tsx',
    specifier: '../orders/create-order-dialog',
    says: /only through that feature's index\.ts/,
  },
  {
    hole: "a renderer feature importing another feature's internals the long way",
    path: 'renderer/src/features/partners/probe.tsx',
    specifier: '../../features/accounts/accounts-api',
    says: /only through that feature's index\.ts/,
  },
  {
    hole: 'a component importing a feature',
    path: 'renderer/src/components/probe.tsx',
    specifier: '../features/orders',
    says: /import none of them/,
  },
  {
    hole: 'the renderer api modules importing a feature',
    path: 'renderer/src/api/probe.ts',
    specifier: '../features/payouts/payouts-api',
    says: /import none of them/,
  },
  {
    hole: "the shell importing a feature's page",
    path: 'renderer/src/app/probe.tsx',
    specifier: '../features/orders/orders-page',
    says: /only through features\/registry\.ts/,
  },
  {
    hole: 'a group importing the test support',
    path: 'electron/api/groups/payouts/probe.ts',
    specifier: '../../../test-support/api-harness.js',
    says: /never imports test code/,
  },
  {
    hole: "infrastructure importing a group's test kit",
    path: 'electron/webhooks/probe.ts',
    specifier: './webhooks-test-kit.js',
    says: /never imports test code/,
  },
  {
    hole: 'shared code importing a test',
    path: 'shared/probe.ts',
    specifier: './money.test.js',
    says: /never imports test code/,
  },
  {
    hole: 'a renderer feature importing a test kit',
    path: 'renderer/src/features/console/probe.ts',
    specifier: './memory-local-storage-test-kit',
    says: /never imports test code/,
  },
];

describe('the lint refuses every import that crosses a boundary', () => {
  it.each(HOLES)(
    '$hole',
    async ({ path, specifier, says }) => {
      const messages = await refusals(path, probe(specifier));
      expect(messages.length, `${path} may import ${specifier}`).toBeGreaterThan(0);
      expect(messages.join('\n')).toMatch(says);
    },
    LINT_BUDGET_MS,
  );
});

const ALLOWED: { why: string; path: string; specifier: string }[] = [
  {
    why: "a group through another group's index.ts",
    path: 'electron/api/groups/invoicing/probe.ts',
    specifier: '../payouts/index.js',
  },
  { why: 'a group its own files', path: 'electron/api/groups/payouts/probe.ts', specifier: './jobs.js' },
  {
    why: 'the host registry, every group by its index.ts',
    path: 'electron/api/registry.ts',
    specifier: './groups/payouts/index.js',
  },
  {
    why: 'the ledger the shared registry',
    path: 'electron/ledger/probe.ts',
    specifier: '../../shared/api/registry.js',
  },
  {
    why: 'the ledger a shared platform module',
    path: 'electron/ledger/probe.ts',
    specifier: '../../shared/ledger/transaction-status.js',
  },
  {
    why: "the webhooks the platform's event envelope",
    path: 'electron/webhooks/probe.ts',
    specifier: '../../shared/webhooks/event-envelope.js',
  },
  {
    why: 'the pipeline the shared endpoint descriptions',
    path: 'electron/api/pipeline/probe.ts',
    specifier: '../../../shared/api/endpoint.js',
  },
  { why: 'the scheduler the store', path: 'electron/scheduler.ts', specifier: './store/db.js' },
  {
    why: "a feature through another feature's index.ts",
    path: 'renderer/src/features/vault/probe.tsx',
    specifier: '../orders',
  },
  {
    why: 'a feature a shared component',
    path: 'renderer/src/features/vault/probe.tsx',
    specifier: '../../components/amount',
  },
  {
    why: 'a feature the feature contract',
    path: 'renderer/src/features/vault/probe.tsx',
    specifier: '../feature',
  },
  {
    why: 'the shell the feature registry',
    path: 'renderer/src/app/probe.tsx',
    specifier: '../features/registry',
  },
  {
    why: "a group's test the test support",
    path: 'electron/api/groups/payouts/probe.test.ts',
    specifier: '../../../test-support/api-harness.js',
  },
  {
    why: 'a test kit the test support',
    path: 'electron/webhooks/webhooks-test-kit.ts',
    specifier: '../test-support/fixtures.js',
  },
];

describe('the lint lets the imports the design wants through', () => {
  it.each(ALLOWED)(
    '$why',
    async ({ path, specifier }) => {
      expect(await refusals(path, probe(specifier))).toEqual([]);
    },
    LINT_BUDGET_MS,
  );
});
