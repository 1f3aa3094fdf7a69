import fs from 'node:fs';
import path from 'node:path';

/**
 * Deletes the files of `dir` written longer ago than `keepMs(name)` (Infinity: kept); the names deleted. A
 * folder that is not there has nothing to sweep. The data folders' sweeps (feeds, exports, pending pictures).
 */
export async function sweepFolder(dir: string, keepMs: (name: string) => number, at = Date.now()): Promise<string[]> {
  const swept: string[] = [];
  for (const name of await fs.promises.readdir(dir).catch(() => [] as string[])) {
    const keep = keepMs(name);
    if (keep === Infinity) continue;
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile() || at - stat.mtimeMs <= keep) continue;
    await fs.promises.rm(file, { force: true });
    swept.push(name);
  }
  return swept;
}
