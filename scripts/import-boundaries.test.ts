// The import boundaries of eslint.config.js, each shown failing on a deliberately wrong import and
// passing on the allowed way to the same thing.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repositoryRoot = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repositoryRoot });
});

/** The boundary messages ESLint gives `code` as if it were the file at `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repositoryRoot, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const forbidden: { rule: string; file: string; code: string; says: string }[] = [
  {
    rule: 'a module imports a plugin other than route or auth registration',
    file: 'apps/server/src/modules/orders/service.ts',
    code: "import { registerErrorHandling } from '../../plugins/errors.ts';",
    says: 'plugins/contract-routes.ts',
  },
  {
    rule: "a module imports another module's repo.ts",
    file: 'apps/server/src/modules/orders/service.ts',
    code: "import { findWallet } from '../wallet/repo.ts';",
    says: 'repo files are private',
  },
  {
    rule: "a module imports another module's other repo file, for types only",
    file: 'apps/server/src/modules/instances/renewal.ts',
    code: "import type { DueRenewal } from '../inventory/lifecycle-repo.ts';",
    says: 'repo files are private',
  },
  {
    rule: 'the CLI imports a repo',
    file: 'apps/server/src/cli/traffic-commands.ts',
    code: "import { listAllTrafficPlans } from '../modules/traffic/repo.ts';",
    says: 'call services',
  },
  {
    rule: 'the demo seed imports a repo',
    file: 'apps/server/src/demo/seed.ts',
    code: "import { catalogExists } from '../modules/inventory/repo.ts';",
    says: 'call services',
  },
  {
    rule: 'a web feature imports app/',
    file: 'apps/web/src/features/traffic/components/package-table.tsx',
    code: "import { BUY_TRAFFIC_PATH } from '../../../app/routes.ts';",
    says: 'shared/paths.ts',
  },
  {
    rule: "a web feature imports another feature's file other than public.ts",
    file: 'apps/web/src/features/overview/components/recent-orders-card.tsx',
    code: "import { OrderTypeTag } from '../../orders/components/order-type-tag.tsx';",
    says: 'public.ts',
  },
  {
    rule: "a web feature re-exports another feature's api.ts",
    file: 'apps/web/src/features/payments/api.ts',
    code: "export { walletKeys } from '../wallet/api.ts';",
    says: 'public.ts',
  },
];

const allowed: { use: string; file: string; code: string }[] = [
  {
    use: 'a module registers routes and reads the caller',
    file: 'apps/server/src/modules/orders/routes.ts',
    code:
      "import { requireAuth } from '../../plugins/auth.ts';\n" +
      "import { registerEndpoint } from '../../plugins/contract-routes.ts';\n" +
      "import { AppError } from '../../errors.ts';",
  },
  {
    use: "a module uses its own repo and another module's service",
    file: 'apps/server/src/modules/orders/service.ts',
    code: "import { findOrder } from './repo.ts';\nimport { findWallet } from '../wallet/service.ts';",
  },
  {
    use: 'the CLI and the seed call services',
    file: 'apps/server/src/cli/price-commands.ts',
    code: "import { setPlanPrice } from '../modules/catalog-admin/set-plan-price.ts';",
  },
  {
    use: 'jobs may still use a repo directly',
    file: 'apps/server/src/jobs/expire-instances.ts',
    code: "import { expireDueInstances } from '../modules/inventory/lifecycle-repo.ts';",
  },
  {
    use: "a feature uses shared/, its own files and another feature's public.ts",
    file: 'apps/web/src/features/overview/components/recent-orders-card.tsx',
    code:
      "import { IP_ORDER_LIST_PATH } from '../../../shared/paths.ts';\n" +
      "import { useOverview } from '../api.ts';\n" +
      "import { OrderTypeTag } from '../../orders/public.ts';",
  },
  {
    use: 'app/ imports features directly',
    file: 'apps/web/src/app/router.tsx',
    code: "import { PortalPage } from '../features/auth/pages/portal-page.tsx';",
  },
];

describe('lint import boundaries', () => {
  it.each(forbidden)('fails when $rule', async ({ file, code, says }) => {
    const errors = await boundaryErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(says);
  });

  it.each(allowed)('passes when $use', async ({ file, code }) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
