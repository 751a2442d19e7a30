import { execFile } from 'node:child_process';
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROCESS_TEST_MS } from '@stratus/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEN } from './admin.ts';

const adminEntry = path.resolve(import.meta.dirname, 'admin.ts');

/**
 * `npm run admin` as the operator runs it: a real process on an embedded database of its own.
 * Each test starts one, the second on a fresh database: see PROCESS_TEST_MS.
 */
describe('npm run admin as a process', { timeout: PROCESS_TEST_MS }, () => {
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

  it('answers a mistyped command with the usage and exit code 2, opening no database', async () => {
    expect(await admin('bogus')).toEqual({ code: 2, stdout: expect.stringContaining('Usage:') });
    await expect(access(path.join(folder, 'data'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('runs joined commands on one database start, reading files from where it was typed', async () => {
    await writeFile(
      path.join(folder, 'ips.csv'),
      'address,port,vmess_port,country,country_zh,country_en,city,city_zh,city_en,line_type\n' +
        '198.51.100.20,1080,10086,SG,新加坡,Singapore,singapore,新加坡,Singapore,datacenter\n',
    );
    const run = await admin(
      ...['add-node', 'edge-1', '--host', '198.51.100.1', THEN],
      ...['import-ips', 'edge-1', '--csv', 'ips.csv', THEN],
      ...['list-inventory', THEN],
      ...['import-ips', 'edge-2', '--csv', 'ips.csv', THEN],
      'list-inventory',
    );
    // The refused import's code is the process's, and it stopped the last command.
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Imported 1 address(es) to edge-1');
    expect(run.stdout).toContain('No node is named edge-2');
    const listings = run.stdout.match(
      /SG\/singapore\s+Singapore\s+datacenter\s+1\s+0\s+0\s+0\s+0\s+no plan/g,
    );
    expect(listings).toHaveLength(1);
  });
});
