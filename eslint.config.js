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

function serverModuleBoundaries(module) {
  const others = serverModules.filter((name) => name !== module);
  return {
    files: [`apps/server/src/modules/${module}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            pluginsRule,
            {
              regex: `${intoDomains(others, 'modules')}(.*/)?[^/]*repo\\.ts$`,
              message:
                "A module's repo files are private to it: import from its service, which " +
                're-exports the queries other modules may run.',
            },
          ],
        },
      ],
    },
  };
}

const noReposFromCliOrSeed = {
  files: ['apps/server/src/cli/**/*.{ts,tsx}', 'apps/server/src/demo/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^\\.\\.?/(.*/)?[^/]*repo\\.ts$',
            message: 'The CLI and the demo seed call services, never repos.',
          },
        ],
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
  ...serverModules.map(serverModuleBoundaries),
  noReposFromCliOrSeed,
  ...webFeatures.map(webFeatureBoundaries),
  prettier,
);
