/**
 * The import writer's thread (writerThread.ts starts it): one import (or undo of one) at a time, through a connection of its
 * own (SQLite) or a pool of its own (PostgreSQL) opened for the import and closed after it, reading the feed itself.
 */
import { parentPort } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';
import { driverOf, openDatabase } from '../../../db/database';
import { importFeed } from '../jobs/importFeed';
import { undoImport } from './importUndo';
import { sendable } from '../threads/sentError';
import { openFeedSource, type FromWriter, type ToWriter } from './writerThread';
import { spoolFeed } from './spoolFeed';

const port = parentPort!;
const send = (m: FromWriter) => port.postMessage(m);

let running: AbortController | null = null;

port.on('message', (m: ToWriter) => {
  if (m.t === 'start') {
    const controller = new AbortController();
    running = controller;
    void run(m, controller.signal).finally(() => {
      if (running === controller) running = null;
    });
  } else if (m.t === 'abort') running?.abort(new Error('The import was cancelled'));
  else if (m.t === 'undo') void undo(m);
});

async function undo(m: Extract<ToWriter, { t: 'undo' }>) {
  const database = openDatabase({ databaseUrl: m.databaseUrl ?? null, dataDir: '', sqliteFile: m.file });
  let answer: FromWriter;
  try {
    answer = { t: 'undone', report: await undoImport(database.db, database.dialect, m.storeId, m.stamp) };
  } catch (e) {
    answer = { t: 'failed', error: sendable(e) };
  }
  await database.close().catch(() => undefined);
  send(answer);
}

async function run(start: Extract<ToWriter, { t: 'start' }>, signal: AbortSignal) {
  let dbMs = 0;
  const database = openDatabase({
    databaseUrl: start.databaseUrl ?? null,
    dataDir: '',
    sqliteFile: start.file,
    log: start.timeDb ? (e) => void (e.level === 'query' && (dbMs += e.queryDurationMillis)) : undefined,
  });
  // SQLite: this connection's commit leaves the WAL as it is; the copy into the database file follows the report.
  const sqlite = driverOf(database.db)?.sqlite;
  sqlite?.pragma('wal_autocheckpoint = 0');
  let answer: FromWriter;
  try {
    const opened = await openFeedSource(start.source, signal);
    if ('url' in start.source) send({ t: 'size', size: opened.size });
    // SQLite: the link's bytes are all here before the import takes the server's one write lock.
    const input =
      'url' in start.source && start.spoolDir && database.dialect === 'sqlite'
        ? await spoolFeed(opened.stream, start.spoolDir, signal, (bytes) => send({ t: 'progress', progress: { offersRead: 0, bytesRead: bytes, downloading: true } }))
        : opened.stream;
    const report = await importFeed({
      database,
      storeId: start.storeId,
      input,
      totalBytes: opened.size ?? start.totalBytes,
      signal,
      deferIndexesAt: start.deferIndexesAt,
      mode: start.mode,
      hideAtMost: start.hideAtMost,
      preview: start.preview,
      warningsFile: start.warningsFile,
      onProgress: (progress) => send({ t: 'progress', progress }),
    });
    answer = { t: 'done', report, dbSeconds: start.timeDb ? dbMs / 1000 : undefined };
  } catch (e) {
    answer = { t: 'failed', error: sendable(e) };
  }
  if (answer.t === 'done') {
    // The catalogue is committed (readers see it in the WAL): the owner hears it before the copy.
    send(answer);
    const started = performance.now();
    if (sqlite) checkpoint(sqlite);
    send({ t: 'checkpointed', seconds: sqlite ? (performance.now() - started) / 1000 : 0 });
  }
  await database.close().catch(() => undefined);
  if (answer.t !== 'done') send(answer);
}

/**
 * Copies the import's pages from the WAL into the database file, which its commit did not (that copy is ~6 s
 * at a million offers). Passive: it never waits on a writer; a reader of an older snapshot holds back the
 * frames it may still read, so it tries again a few times. Frames still left after that (a reader held for
 * 5 s), or all of them should the server's thread commit a write between this thread's report and this call,
 * are copied by that thread's next commit, as SQLite's automatic checkpoint did before this thread existed.
 */
function checkpoint(sqlite: SQLite.Database) {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let i = 0; i < 20; i++) {
    const [r] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    if (r.busy === 0 && r.checkpointed >= r.log) return;
    Atomics.wait(pause, 0, 0, 250);
  }
}

send({ t: 'ready' });
