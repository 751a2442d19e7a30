import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

async function readKeyFile(file: string): Promise<string> {
  const key = (await readFile(file, 'utf8')).trim();
  if (key.length < 32) throw new Error(`${file} holds no usable key (fewer than 32 characters)`);
  return key;
}

/**
 * The server's secret key: SECRET_KEY when set (required in production, and shared by every
 * server of a cluster); otherwise one generated on first start and kept in
 * `<DATA_DIR>/secret.key`, readable by the owner only.
 */
export async function resolveSecretKey(config: Config): Promise<string> {
  if (config.secretKey) return config.secretKey;
  const file = path.join(config.dataDir, 'secret.key');
  try {
    return await readKeyFile(file);
  } catch (error) {
    if (!isErrorCode(error, 'ENOENT')) throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const key = randomBytes(32).toString('hex');
  try {
    // `wx`: when two processes start at once, the second keeps the first one's key.
    await writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if (isErrorCode(error, 'EEXIST')) return readKeyFile(file);
    throw error;
  }
}
