// A file is either absent or whole: written to a temporary name, flushed to the disk, then
// renamed over the final name (rename is atomic on POSIX file systems). A crash mid-write leaves
// only a `.tmp` file behind, never a torn final file.
import { open, rename } from 'node:fs/promises';

export const TEMPORARY_SUFFIX = '.tmp';

export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}${TEMPORARY_SUFFIX}`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}
