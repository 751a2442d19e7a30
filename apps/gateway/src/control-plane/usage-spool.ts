// Usage batches on disk until the API acknowledges them. One JSON file per batch, named so that
// names sort oldest first; a batch the API rejects as invalid is moved aside, never deleted, so
// an operator can inspect it.
import { mkdir, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { UsageBatch } from './api-client.ts';
import { TEMPORARY_SUFFIX, writeFileAtomically } from './atomic-file.ts';

export class UsageSpool {
  readonly directory: string;
  readonly rejectedDirectory: string;
  private sequence = 0;

  constructor(dataDir: string) {
    this.directory = path.join(dataDir, 'usage-spool');
    this.rejectedDirectory = path.join(dataDir, 'usage-rejected');
  }

  /**
   * Creates the directory and recovers what a crash left mid-write: a complete temporary file
   * becomes a batch, a torn one is removed.
   */
  async open(): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    for (const name of await readdir(this.directory)) {
      if (!name.endsWith(TEMPORARY_SUFFIX)) continue;
      const file = path.join(this.directory, name);
      const whole = await readFile(file, 'utf8').then(
        (text) => {
          try {
            return isBatch(JSON.parse(text));
          } catch {
            return false;
          }
        },
        () => false,
      );
      if (whole) await rename(file, file.slice(0, -TEMPORARY_SUFFIX.length));
      else await unlink(file);
    }
  }

  /** Writes a batch; it is on disk when this resolves. */
  async add(batch: UsageBatch): Promise<void> {
    this.sequence += 1;
    const name = [
      Date.now().toString().padStart(15, '0'),
      String(this.sequence % 1e6).padStart(6, '0'),
      `${batch.batchId}.json`,
    ].join('-');
    await writeFileAtomically(path.join(this.directory, name), JSON.stringify(batch));
  }

  /** Spooled batch file names, oldest first. */
  async list(): Promise<string[]> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    return names.filter((name) => name.endsWith('.json')).sort();
  }

  /** The batch in a file; throws when the file is not a batch. */
  async read(name: string): Promise<UsageBatch> {
    const batch: unknown = JSON.parse(await readFile(path.join(this.directory, name), 'utf8'));
    if (!isBatch(batch)) throw new Error(`${name} is not a usage batch`);
    return batch;
  }

  async remove(name: string): Promise<void> {
    await unlink(path.join(this.directory, name));
  }

  /** Moves a batch that can never be delivered out of the way of the others. */
  async setAside(name: string): Promise<void> {
    await mkdir(this.rejectedDirectory, { recursive: true });
    await rename(path.join(this.directory, name), path.join(this.rejectedDirectory, name));
  }
}

function isBatch(value: unknown): value is UsageBatch {
  const batch = value as Partial<UsageBatch> | null;
  return typeof batch?.batchId === 'string' && Array.isArray(batch.records);
}
