// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Layering of docs/architecture.md ("Processes and layers", "Lint zones"), enforced as import zones:
 * "Bad layering" is a lint error, not a review comment. Each zone lists what its files may not import;
 * scripts/architecture/lint-zones.test.ts proves each boundary with a probe import.
 */
const zone = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const NODE_BUILTINS = {
  regex: '^node:',
  message: 'Bad layering: no Node built-ins here (this code runs in the browser too).',
};
const SERVER_PACKAGES = {
  regex: '^(fastify|better-sqlite3)(/|$)',
  message: 'Bad layering: server-only package.',
};
const ELECTRON = {
  regex: '^electron(/|$)',
  message: 'Bad layering: only electron/main and electron/preload import electron.',
};
const HOST_CODE = {
  regex: '(^|/)electron/',
  message: 'Bad layering: this side reaches the host only through shared/bridge.ts.',
};
const GROUP_CODE = {
  regex: '(^|/)groups/',
  message:
    'Bad layering: infrastructure knows API groups only through the registries (electron/api/registry.ts, shared/api/registry.ts).',
};
// A group's shared half is a folder under shared/api; the files beside them (registry, endpoint, issue,
// shared-group, common, mock-codes) are the platform every group builds on.
const GROUP_SHARED_HALF = {
  regex:
    '(^|/)shared/api/(?!(registry|endpoint|issue|shared-group|common|mock-codes)(\\.js)?$)[a-z0-9-]+(/|$)',
  message:
    'Bad layering: infrastructure names no group, not even its shared half; what every group uses belongs in a shared platform module (shared/ledger, shared/webhooks, ...), what one group adds reaches infrastructure through the registries.',
};
const ANOTHER_GROUPS_INTERNALS = {
  regex: '^\\.\\./[a-z0-9-]+/(?!index\\.js$)',
  message: "Bad layering: a group reaches another group only through that group's index.ts.",
};
// The same hole by a longer way round: `../../groups/payouts/jobs.js`, from inside or outside the groups.
const DEEP_INTO_A_GROUP = {
  regex: '(^|/)groups/[a-z0-9-]+/(?!index\\.js$)',
  message: "Bad layering: a group is reached only through its index.ts (and by the host's registry).",
};
const TEST_SUPPORT = {
  regex: '(^|/)test-support/|-test-kit(\\.js)?$|\\.test(\\.js)?$',
  message: 'Bad layering: production code never imports test code (test-support/, *-test-kit, *.test).',
};
const ANOTHER_FEATURES_INTERNALS = {
  regex: '^\\.\\./[a-z0-9-]+/(?!index$)|^\\.\\.?/(.+/)?features/[a-z0-9-]+/(?!index$)',
  message:
    "Bad layering: a feature reaches another feature only through that feature's index.ts; what several features show belongs in renderer/src/components.",
};
const ANY_FEATURE = {
  regex: '^\\.\\.?/(.+/)?features(/|$)',
  message: 'Bad layering: components, api and bridge serve the features and import none of them.',
};
const A_FEATURE_FROM_THE_SHELL = {
  regex: '^\\.\\.?/(.+/)?features/(?!(registry|feature)$)',
  message: 'Bad layering: the shell knows the features only through features/registry.ts.',
};
const RENDERER_CODE = {
  regex: '(^|/)renderer/',
  message: 'Bad layering: the renderer is not importable from here.',
};

const TEST_CODE = ['**/*.test.ts', '**/*-test-kit.ts', 'electron/test-support/**'];
const TEST_CODE_IN = (root) =>
  TEST_CODE.map((glob) => (glob.startsWith('**') ? `${root}/${glob}` : glob)).filter((glob) =>
    glob.startsWith(root),
  );

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'out',
      'test-results',
      'playwright-report',
      'renderer/dist',
      '.tmp-bench',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Test code: tests, test kits and electron/test-support. Everything else is production code.
  {
    files: ['shared/**/*.ts'],
    ignores: TEST_CODE,
    rules: zone(NODE_BUILTINS, SERVER_PACKAGES, ELECTRON, HOST_CODE, RENDERER_CODE, TEST_SUPPORT),
  },
  {
    files: TEST_CODE_IN('shared'),
    rules: zone(NODE_BUILTINS, SERVER_PACKAGES, ELECTRON, HOST_CODE, RENDERER_CODE),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: TEST_CODE,
    rules: zone(NODE_BUILTINS, SERVER_PACKAGES, ELECTRON, HOST_CODE, TEST_SUPPORT),
  },
  { files: TEST_CODE_IN('renderer'), rules: zone(NODE_BUILTINS, SERVER_PACKAGES, ELECTRON, HOST_CODE) },
  // Renderer features are modules as the groups are: one reaches another only through its index.ts.
  {
    files: ['renderer/src/features/*/**/*.{ts,tsx}'],
    ignores: TEST_CODE,
    rules: zone(
      NODE_BUILTINS,
      SERVER_PACKAGES,
      ELECTRON,
      HOST_CODE,
      TEST_SUPPORT,
      ANOTHER_FEATURES_INTERNALS,
    ),
  },
  {
    files: ['renderer/src/{components,api,bridge}/**/*.{ts,tsx}'],
    ignores: TEST_CODE,
    rules: zone(NODE_BUILTINS, SERVER_PACKAGES, ELECTRON, HOST_CODE, TEST_SUPPORT, ANY_FEATURE),
  },
  {
    files: ['renderer/src/app/**/*.{ts,tsx}'],
    ignores: TEST_CODE,
    rules: zone(NODE_BUILTINS, SERVER_PACKAGES, ELECTRON, HOST_CODE, TEST_SUPPORT, A_FEATURE_FROM_THE_SHELL),
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main/**', 'electron/preload/**', ...TEST_CODE],
    rules: zone(ELECTRON, RENDERER_CODE, TEST_SUPPORT, DEEP_INTO_A_GROUP),
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    ignores: TEST_CODE,
    rules: zone(RENDERER_CODE, TEST_SUPPORT, DEEP_INTO_A_GROUP),
  },
  { files: TEST_CODE_IN('electron'), rules: zone(ELECTRON, RENDERER_CODE) },
  // A group is a module (docs/architecture.md): the infrastructure (ledger, webhooks, host, store, mailbox, the API's
  // own modules, the pipeline, the docs, and the top-level clock, scheduler, cli) names no group, not
  // even a group's shared half.
  {
    files: [
      'electron/*.ts',
      'electron/{ledger,webhooks,host,store,mailbox}/**/*.ts',
      'electron/api/*.ts',
      'electron/api/{pipeline,docs}/**/*.ts',
    ],
    // The host's registry is the one place that names every group.
    ignores: [...TEST_CODE, 'electron/api/registry.ts'],
    rules: zone(ELECTRON, RENDERER_CODE, TEST_SUPPORT, GROUP_CODE, GROUP_SHARED_HALF),
  },
  {
    files: ['electron/api/groups/**/*.ts'],
    ignores: TEST_CODE,
    rules: zone(ELECTRON, RENDERER_CODE, TEST_SUPPORT, ANOTHER_GROUPS_INTERNALS, DEEP_INTO_A_GROUP),
  },
  // What the preload exposes is built by a pure function, so tests check it without Electron.
  {
    files: ['electron/preload/workbench-api.ts'],
    rules: zone(
      { ...ELECTRON, message: 'Keep this pure: only preload.ts imports electron.' },
      RENDERER_CODE,
      TEST_SUPPORT,
      DEEP_INTO_A_GROUP,
    ),
  },
  {
    files: ['**/*.test.ts', 'electron/test-support/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Playwright fixtures take their dependencies as a destructured object, `{}` when there are none.
  { files: ['e2e/**'], rules: { 'no-empty-pattern': 'off' } },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
);
