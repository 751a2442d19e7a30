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
    .filter((message) =>
      ['no-restricted-imports', 'no-restricted-syntax'].includes(message.ruleId ?? ''),
    )
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
    says: 'only through its public.ts',
  },
  {
    rule: "a module imports another module's service, for types only",
    file: 'apps/server/src/modules/instances/renewal.ts',
    code: "import type { DueRenewal } from '../inventory/lifecycle-repo.ts';",
    says: 'only through its public.ts',
  },
  {
    rule: "a module imports another module's service",
    file: 'apps/server/src/modules/orders/refunds.ts',
    code: "import { lockInstanceDetails } from '../instances/service.ts';",
    says: 'only through its public.ts',
  },
  {
    rule: 'a job imports a repo',
    file: 'apps/server/src/jobs/expire-instances.ts',
    code: "import { expireDueInstances } from '../modules/inventory/lifecycle-repo.ts';",
    says: 'only through its public.ts',
  },
  {
    rule: "a plugin takes a type from a module's service",
    file: 'apps/server/src/plugins/auth.ts',
    code: "import type { StaffActor } from '../modules/audit/service.ts';",
    says: 'only through its public.ts',
  },
  {
    rule: 'the CLI imports a repo',
    file: 'apps/server/src/cli/traffic-commands.ts',
    code: "import { listAllTrafficPlans } from '../modules/traffic/repo.ts';",
    says: 'only through its public.ts',
  },
  {
    rule: 'the demo seed imports a repo',
    file: 'apps/server/src/demo/seed.ts',
    code: "import { catalogExists } from '../modules/inventory/repo.ts';",
    says: 'only through its public.ts',
  },
  {
    rule: "a file of src/ imports a module's service",
    file: 'apps/server/src/app.ts',
    code: "import { purchaseStaticIps } from './modules/orders/service.ts';",
    says: 'only through its public.ts',
  },
  {
    rule: 'production code imports the test app',
    file: 'apps/server/src/modules/orders/service.ts',
    code: "import { createTestApp } from '../../../test/app.ts';",
    says: 'never imports a test helper',
  },
  {
    rule: "production code imports a module's fixtures",
    file: 'apps/server/src/jobs/renew-instances.ts',
    code: "import { seedStaticIpPlan } from '../../test/catalog.ts';",
    says: 'never imports a test helper',
  },
  {
    rule: 'production code imports the database test helpers',
    file: 'apps/server/src/app.ts',
    code: "import { createTestDatabase } from '@stratus/db/testing';",
    says: 'never imports a test helper',
  },
  {
    rule: "a test helper uses a module's repo",
    file: 'apps/server/test/catalog.ts',
    code: "import { findWallet } from '../src/modules/wallet/repo.ts';",
    says: 'only through its public.ts',
  },
  {
    rule: 'a module other than inventory writes an address row',
    file: 'apps/server/src/modules/instances/replacement-repo.ts',
    code: "await tx.update(ipAddresses).set({ status: 'cooling' });",
    says: 'Only the inventory module writes address rows',
  },
  {
    rule: 'a job inserts an address row',
    file: 'apps/server/src/jobs/release-cooled-ips.ts',
    code: 'await db.insert(ipAddresses).values(rows);',
    says: 'Only the inventory module writes address rows',
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
    use: "a module uses its own repo and another module's public face",
    file: 'apps/server/src/modules/orders/service.ts',
    code: "import { listOrders } from './repo.ts';\nimport { findWallet } from '../wallet/public.ts';",
  },
  {
    use: 'the CLI, a job, a plugin and src/ use public faces',
    file: 'apps/server/src/cli/price-commands.ts',
    code: "import { setPlanPrice } from '../modules/catalog/public.ts';",
  },
  {
    use: "app.ts mounts a module's customer and operator routes",
    file: 'apps/server/src/app.ts',
    code:
      "import { registerOrderRoutes } from './modules/orders/routes.ts';\n" +
      "import { registerAdminInventoryRoutes } from './modules/inventory/admin-routes.ts';",
  },
  {
    use: 'a job uses a public face',
    file: 'apps/server/src/jobs/expire-instances.ts',
    code: "import { expireDueInstances } from '../modules/inventory/public.ts';",
  },
  {
    use: 'a test uses the test app and fixtures',
    file: 'apps/server/src/modules/orders/orders.test.ts',
    code:
      "import { createTestApp } from '../../../test/app.ts';\n" +
      "import { createTestDatabase } from '@stratus/db/testing';",
  },
  {
    use: 'inventory writes address rows; other modules and tests read them, tests set them up',
    file: 'apps/server/src/modules/inventory/lifecycle-repo.ts',
    code: "await tx.update(ipAddresses).set({ status: 'cooling' });",
  },
  {
    use: 'a test puts an address in a state directly',
    file: 'apps/server/src/modules/instances/replacement.test.ts',
    code: "await db.update(ipAddresses).set({ status: 'retired' });\nawait db.select().from(ipAddresses);",
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
