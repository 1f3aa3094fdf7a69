/**
 * The feeds folder (`DATA_DIR/feeds`) keeps an upload only while a job needs it: an import deletes its file when
 * it ends, a preview keeps it for the import the owner may start from it (rest.ts `from`). Left alone, what
 * nobody imports grows without end: previews the owner walked away from, the warning lists of old jobs, and
 * uploads cut off by a crash. The job runner sweeps them (at most once an hour):
 * - a preview's file PREVIEW_KEEP_MS after it ended (importing from it then answers import_preview_gone);
 * - a job's warning list (job-<id>-warnings.csv) WARNINGS_KEEP_MS after it was written;
 * - a file no job names, a day after it was written (an upload in progress is younger).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../../db/types';
import { sweepFolder } from '../../../lib/sweepFolder';

export const PREVIEW_KEEP_MS = 24 * 3_600_000;
export const WARNINGS_KEEP_MS = 30 * 24 * 3_600_000;
export const ORPHAN_KEEP_MS = 24 * 3_600_000;
export const SWEEP_EVERY_MS = 3_600_000;

export interface Swept {
  previews: number;
  warnings: number;
  orphans: number;
}

export async function sweepFeeds(db: Db, feedsDir: string, at = Date.now()): Promise<Swept> {
  const swept: Swept = { previews: 0, warnings: 0, orphans: 0 };
  const stale = await db
    .selectFrom('yml_jobs')
    .select(['id', 'file_path'])
    .where('preview', '=', 1)
    .where('file_path', 'is not', null)
    .where('finished_at', '<', new Date(at - PREVIEW_KEEP_MS).toISOString())
    .execute();
  for (const job of stale) {
    await fs.promises.rm(job.file_path!, { force: true });
    await db.updateTable('yml_jobs').set({ file_path: null }).where('id', '=', job.id).execute();
    swept.previews++;
  }
  const named = new Set((await db.selectFrom('yml_jobs').select('file_path').where('file_path', 'is not', null).execute()).map((r) => path.resolve(r.file_path!)));
  const warningList = (name: string) => /^job-\d+-warnings\.csv$/.test(name);
  const keepMs = (name: string) => (warningList(name) ? WARNINGS_KEEP_MS : named.has(path.resolve(feedsDir, name)) ? Infinity : ORPHAN_KEEP_MS);
  for (const name of await sweepFolder(feedsDir, keepMs, at)) swept[warningList(name) ? 'warnings' : 'orphans']++;
  return swept;
}
