import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const adminEntry = path.resolve(import.meta.dirname, 'admin.ts');

/** `npm run admin` as the operator runs it: a real process on an embedded database of its own. */
describe('npm run admin as a process', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'stratus-admin-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  async function admin(...args: string[]) {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: path.join(folder, 'data'),
      INIT_CWD: folder,
      SECRET_KEY: 'admin-process-test-secret-key-0123456789',
    };
    delete env.DATABASE_URL;
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [adminEntry, ...args], {
        env,
      });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  }

  it('exits with the command’s code and reads files from where it was typed', async () => {
    expect(await admin('bogus')).toEqual({ code: 2, stdout: expect.stringContaining('Usage:') });
    expect((await admin('add-node', 'edge-1', '--host', '198.51.100.1')).code).toBe(0);
    await writeFile(
      path.join(folder, 'ips.csv'),
      'address,port,vmess_port,country,country_zh,country_en,city,city_zh,city_en,line_type\n' +
        '198.51.100.20,1080,10086,SG,新加坡,Singapore,singapore,新加坡,Singapore,datacenter\n',
    );
    expect(await admin('import-ips', 'edge-1', '--csv', 'ips.csv')).toEqual({
      code: 0,
      stdout: expect.stringContaining('Imported 1 address(es)'),
    });
    expect((await admin('import-ips', 'edge-2', '--csv', 'ips.csv')).code).toBe(1);
    const listing = await admin('list-inventory');
    expect(listing.stdout).toMatch(
      /SG\/singapore\s+Singapore\s+datacenter\s+1\s+0\s+0\s+0\s+no plan/,
    );
  });
});
