import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (docs/conventions.md, "Rules the code enforces"). Imports are matched as
// written, so each rule is a regex over the relative path. ESLint keeps only the last
// `no-restricted-imports` setting that matches a file, so every file gets one block carrying all
// of its rules. Dynamic `import()` is not checked: only the route table loads pages lazily.

/** The folders directly under `dir`: server modules and web features, read when linting starts. */
function domainsIn(dir) {
  return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const serverModules = domainsIn('./apps/server/src/modules/');
const webFeatures = domainsIn('./apps/web/src/features/');

/** Any relative path into one of `domains` (as siblings, or through their parent folder). */
function intoDomains(domains, parent) {
  return `^(\\.\\./)+(${parent}/)?(${domains.join('|')})/`;
}

const pluginsRule = {
  regex: '^(\\.\\./)+plugins/(?!(contract-routes|auth)\\.ts$)',
  message:
    'Modules use only the route registration (plugins/contract-routes.ts) and auth ' +
    '(plugins/auth.ts) of plugins/; AppError comes from src/errors.ts.',
};

// Test helpers (the test app, one fixture builder per domain, the fuzz test's parts) live in
// apps/server/test/, and only tests import them.
const noTestHelpers = {
  regex: '^(\\.\\./)+test/',
  message: 'Production code never imports a test helper: fixtures and the test app are for tests.',
};
const noDatabaseTestHelpers = {
  name: '@stratus/db/testing',
  message: 'Production code never imports a test helper: fixtures and the test app are for tests.',
};

/**
 * A path into a module (`intoModule`, a regex from the start of the path up to the module's folder
 * and its slash) other than its public face.
 */
function otherModuleInternals(intoModule, alsoAllowed = '') {
  return {
    regex: `${intoModule}(?!public\\.ts$${alsoAllowed})`,
    message:
      "Another module is imported only through its public.ts, the module's one public face " +
      '(docs/architecture.md).',
  };
}

const testFiles = ['**/*.test.ts'];

/**
 * The blocks of a group of server files: its boundary patterns for every file, and for production
 * files (the later block, which wins) no test helper either.
 */
function serverBoundaries(files, patterns) {
  return [
    { files, rules: { 'no-restricted-imports': ['error', { patterns }] } },
    {
      files,
      ignores: testFiles,
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [...patterns, noTestHelpers], paths: [noDatabaseTestHelpers] },
        ],
      },
    },
  ];
}

function serverModuleBoundaries(module) {
  const others = serverModules.filter((name) => name !== module);
  return serverBoundaries(
    [`apps/server/src/modules/${module}/**/*.{ts,tsx}`],
    [pluginsRule, otherModuleInternals(intoDomains(others, 'modules'))],
  );
}

/** Jobs, plugins, the CLI and the seed. */
const outsideModules = [
  ['apps/server/src/jobs/**/*.{ts,tsx}', '^(\\.\\./)+modules/[^/]+/'],
  ['apps/server/src/plugins/**/*.{ts,tsx}', '^(\\.\\./)+modules/[^/]+/'],
  ['apps/server/src/cli/**/*.{ts,tsx}', '^(\\.\\./)+modules/[^/]+/'],
  ['apps/server/src/demo/**/*.{ts,tsx}', '^(\\.\\./)+modules/[^/]+/'],
].flatMap(([files, modulesPath]) => serverBoundaries([files], [otherModuleInternals(modulesPath)]));

/** The test helpers, like every other consumer, use a module through its public face. */
const testHelpers = {
  files: ['apps/server/test/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [otherModuleInternals('^(\\.\\./)+src/modules/[^/]+/')] },
    ],
  },
};

/** The files of src/ itself: app.ts also mounts each module's routes (customer and operator). */
const sourceRoot = serverBoundaries(
  ['apps/server/src/*.ts'],
  [otherModuleInternals('^\\./modules/[^/]+/', '|(admin-)?routes\\.ts$')],
);

/** Inventory owns the address table: every write of an address row is one of its statements. */
const addressWritesInInventory = {
  files: ['apps/server/src/**/*.{ts,tsx}'],
  ignores: ['apps/server/src/modules/inventory/**', ...testFiles],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector:
          "CallExpression[callee.property.name=/^(update|insert|delete)$/][arguments.0.name='ipAddresses']",
        message:
          'Only the inventory module writes address rows: call its public.ts, whose statements ' +
          'name their transition of the table in inventory/ip-status.ts.',
      },
    ],
  },
};

function webFeatureBoundaries(feature) {
  const others = webFeatures.filter((name) => name !== feature);
  return {
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+app/',
              message:
                'Features do not import app/ (it imports them); page paths are in shared/paths.ts.',
            },
            {
              regex: `${intoDomains(others, 'features')}(?!public\\.ts$)`,
              message: 'Another feature is imported only through its public.ts.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tools/**',
      'coverage/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...serverModules.flatMap(serverModuleBoundaries),
  ...outsideModules,
  ...sourceRoot,
  testHelpers,
  addressWritesInInventory,
  ...webFeatures.map(webFeatureBoundaries),
  prettier,
);
