// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Layering of docs/architecture.md ("Processes and layers"), enforced as import zones: "Bad layering" is a lint error, not a
 * review comment. Each zone lists what its files may not import.
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
const ANOTHER_GROUPS_INTERNALS = {
  regex: '^\\.\\./[a-z0-9-]+/(?!index\\.js$)',
  message: "Bad layering: a group reaches another group only through that group's index.ts.",
};
const RENDERER_CODE = {
  regex: '(^|/)renderer/',
  message: 'Bad layering: the renderer is not importable from here.',
};

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
  {
    files: ['shared/**/*.ts'],
    rules: zone(NODE_BUILTINS, SERVER_PACKAGES, ELECTRON, HOST_CODE, RENDERER_CODE),
  },
  { files: ['renderer/**/*.{ts,tsx}'], rules: zone(NODE_BUILTINS, SERVER_PACKAGES, ELECTRON, HOST_CODE) },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main/**', 'electron/preload/**'],
    rules: zone(ELECTRON, RENDERER_CODE),
  },
  { files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'], rules: zone(RENDERER_CODE) },
  // A group is a module: the ledger, the webhooks, the host and the store never name a group.
  {
    files: [
      'electron/{ledger,webhooks,host,store,mailbox}/**/*.ts',
      'electron/api/*.ts',
      'electron/api/{pipeline,docs}/**/*.ts',
    ],
    // The host's registry is the one place that names every group.
    ignores: ['**/*.test.ts', '**/*-test-kit.ts', 'electron/api/registry.ts'],
    rules: zone(ELECTRON, RENDERER_CODE, GROUP_CODE),
  },
  {
    files: ['electron/api/groups/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*-test-kit.ts'],
    rules: zone(ELECTRON, RENDERER_CODE, ANOTHER_GROUPS_INTERNALS),
  },
  // What the preload exposes is built by a pure function, so tests check it without Electron.
  {
    files: ['electron/preload/workbench-api.ts'],
    rules: zone({ ...ELECTRON, message: 'Keep this pure: only preload.ts imports electron.' }, RENDERER_CODE),
  },
  {
    files: ['**/*.test.ts', 'electron/test-support/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Playwright fixtures take their dependencies as a destructured object, `{}` when there are none.
  { files: ['e2e/**'], rules: { 'no-empty-pattern': 'off' } },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
);
