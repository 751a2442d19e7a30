import type { Health } from '@stratus/contract';
import type { Database } from '@stratus/db';
import serverPackage from '../../../package.json' with { type: 'json' };
import { AppError } from '../../errors.ts';

const PING_TIMEOUT_MS = 5_000;

function timeout(ms: number): Promise<never> {
  return new Promise((_resolve, reject) => {
    setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms).unref();
  });
}

/** Liveness plus one database round trip; `databaseUnavailable` (503) when it fails or hangs. */
export async function checkHealth({ database }: { database: Database }): Promise<Health> {
  let latency: number;
  try {
    latency = await Promise.race([database.ping(), timeout(PING_TIMEOUT_MS)]);
  } catch (cause) {
    throw new AppError('databaseUnavailable', {}, null, { cause });
  }
  return {
    status: 'ok',
    database: database.engine,
    databaseLatencyMs: latency,
    uptimeSeconds: Math.round(process.uptime()),
    version: serverPackage.version,
  };
}
