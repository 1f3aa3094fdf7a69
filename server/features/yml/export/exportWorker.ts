/**
 * The export thread (exportFile.ts starts it): writes one file (a shop's feed, a sitemap file) through a connection
 * of its own, so that the server's thread goes on answering meanwhile (on SQLite every query runs in the
 * calling thread).
 */
import { parentPort } from 'node:worker_threads';
import { openDatabase } from '../../../db/database';
import { sendable } from '../threads/sentError';
import { writeJobFile, type FileJob, type FromExporter } from './exportFile';

const port = parentPort!;
const send = (m: FromExporter) => port.postMessage(m);

port.on('message', (job: FileJob) => {
  void (async () => {
    const database = openDatabase({ databaseUrl: job.databaseUrl ?? null, dataDir: '', sqliteFile: job.file });
    try {
      await writeJobFile(database.db, job);
      send({ t: 'done' });
    } catch (e) {
      send({ t: 'failed', error: sendable(e) });
    } finally {
      await database.close().catch(() => undefined);
    }
  })();
});

send({ t: 'ready' });
