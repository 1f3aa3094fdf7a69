import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { YML_SCHEDULES, storeSchema } from '../../../../schemas';
import type { AppServices } from '../../../api/context';
import type { Selectable } from 'kysely';
import type { YmlJobsTable } from '../../../db/types';
import { threadTarget } from '../../../db/database';
import { ApiError, badRequest, notFound } from '../../../errors';
import { parseFeedUrl } from '../../../lib/feedUrl';
import { bodyOf, idParam, ownerCall, parseListQuery, sendList, sortColumn } from '../../../rest/common';
import { saveStore } from '../../stores/public';
import { shopLang, storeValues } from '../../../api/tenant';
import { createJob, warningsFileOf, type JobProgress, type JobRunner } from './jobs';
import { IMPORT_MODES, isImportMode, type ImportMode } from '../write/importMode';
import { undoImport } from '../write/importUndo';
import { renderWarningsCsv } from '../write/warningText';
import { undoImportInThread, warmWriter } from '../write/writerThread';
import type { ImportReport } from './importFeed';

const parse = (text: string | null) => (text ? JSON.parse(text) : null);

/** A job as the admin reads it: progress (offers read, bytes of the total), then the report or the error. */
export function jobToApi(r: Selectable<YmlJobsTable>, live: JobProgress | null) {
  return {
    id: r.id,
    source: r.source,
    status: r.status,
    mode: r.mode,
    preview: !!r.preview,
    fileName: r.file_name,
    url: r.url,
    totalBytes: live?.totalBytes ?? (r.total_bytes === null ? null : Number(r.total_bytes)),
    bytesRead: live?.bytesRead ?? Number(r.bytes_read),
    offersRead: live?.offersRead ?? r.offers_read,
    /** SQLite: the link's feed is being downloaded; the import (bytes from 0 again) follows. */
    downloading: !!live?.downloading,
    cancelRequested: !!r.cancel_requested,
    report: parse(r.report),
    error: parse(r.error),
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

/** The mode and preview flag of a new job: a multipart upload's query (`?mode=merge&preview=1`), or the JSON body. */
function jobKind(values: Record<string, unknown>): { mode: ImportMode; preview: boolean } {
  const mode = values.mode ?? 'replace';
  if (!isImportMode(mode))
    throw badRequest('import_mode_unknown', `mode must be one of ${IMPORT_MODES.join(', ')}`, [{ field: 'mode', code: 'invalid', label: 'mode' }]);
  return { mode, preview: values.preview === true || values.preview === '1' || values.preview === 'true' };
}

/**
 * /rest/yml_imports (owner only, ra-data-simple-rest dialect): POST a multipart `file` (a YML feed, at most
 * FEED_MAX_BYTES) or `{"source":"link"}` (the store's yml_link) queues an import (409 while one is queued or
 * running); `mode` (replace | merge, importMode.ts) and `preview` (count, change nothing) in the query of an
 * upload or the JSON body; `{"from": <a done preview's id>, "mode": ...}` imports the feed that preview read
 * (its file, or its link). GET lists them and GET /:id answers one with its progress and report; POST /:id/cancel stops it;
 * POST /:id/undo undoes the shop's last import (write/importUndo.ts): the job becomes `undone` with the undo's counts
 * in its report (409 import_undo_gone when it is not the last import or was undone, import_running while one runs).
 * /rest/yml_schedule: GET and PUT `{"schedule": "off"|"hourly"|"every_6h"|"daily"}`, the store's refresh.
 */
export function registerYmlImports(rest: FastifyInstance, services: AppServices, jobs: JobRunner) {
  const feedsDir = path.join(services.config.dataDir, 'feeds');
  const dialect = services.database.dialect;
  const load = async (storeId: number, id: number) => {
    const row = await services.db.selectFrom('yml_jobs').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  rest.get('/yml_imports', async (request, reply) => {
    const call = await ownerCall(services, request);
    const q = parseListQuery(request.query);
    const { column, order } = sortColumn(q, { id: 'id', createdAt: 'created_at', status: 'status' }, 'id');
    const base = () => services.db.selectFrom('yml_jobs').where('store_id', '=', call.store.id);
    const rows = await base().selectAll().orderBy(column, q.sort ? order : 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.start).execute();
    const count = await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    // The import page asks for this list: a writer thread starts while the owner picks a file. Not while one of
    // the shop's jobs is queued or running (the page then asks every second, and its writer is at work).
    if (threadTarget(services.database) && !rows.some((r) => r.status === 'queued' || r.status === 'running')) warmWriter();
    return sendList(reply, 'yml_imports', q, rows.map((r) => jobToApi(r, jobs.progressOf(r.id))), Number(count?.n ?? 0));
  });

  rest.get('/yml_imports/:id', async (request, reply) => {
    const call = await ownerCall(services, request);
    const row = await load(call.store.id, idParam(request));
    reply.header('cache-control', 'no-store');
    return jobToApi(row, jobs.progressOf(row.id));
  });

  rest.post('/yml_imports', async (request, reply) => {
    const call = await ownerCall(services, request);
    let id: number;
    if (request.isMultipart()) {
      const kind = jobKind(request.query as Record<string, unknown>);
      const file = await request.file({ limits: { fileSize: services.config.feedMaxBytes, files: 1, fields: 5 } });
      if (!file) throw badRequest('required_fields_error', 'Choose a YML file', [{ field: 'file', code: 'required', label: 'file' }]);
      fs.mkdirSync(feedsDir, { recursive: true });
      const target = path.join(feedsDir, `${crypto.randomBytes(12).toString('hex')}.xml`);
      try {
        await pipeline(file.file, fs.createWriteStream(target));
        if (file.file.truncated) throw new ApiError(413, 'too_large', `The feed is larger than ${services.config.feedMaxBytes} bytes`);
        const size = fs.statSync(target).size;
        if (!size) throw badRequest('invalid_input', 'The file is empty', [{ field: 'file', code: 'invalid', label: 'file' }]);
        id = await createJob(services.db, call.store.id, { source: 'file', filePath: target, fileName: file.filename.slice(0, 200), totalBytes: size, ...kind });
      } catch (e) {
        fs.rmSync(target, { force: true });
        throw e;
      }
    } else if (bodyOf(request).from !== undefined) {
      const body = bodyOf(request);
      const { mode } = jobKind({ mode: body.mode });
      const from = await services.db
        .selectFrom('yml_jobs')
        .selectAll()
        .where('store_id', '=', call.store.id)
        .where('id', '=', Number(body.from) || 0)
        .where('preview', '=', 1)
        .where('status', '=', 'done')
        .executeTakeFirst();
      const gone = () => badRequest('import_preview_gone', 'No finished preview with this id, or its file was already imported', [{ field: 'from', code: 'invalid', label: 'from' }]);
      if (!from || (from.source === 'file' && (!from.file_path || !fs.existsSync(from.file_path)))) throw gone();
      id = await createJob(services.db, call.store.id, {
        source: from.source as 'file' | 'link' | 'schedule',
        url: from.url ?? undefined,
        filePath: from.file_path ?? undefined,
        fileName: from.file_name ?? undefined,
        totalBytes: from.total_bytes,
        mode,
      });
      // The file is the import's now: the preview no longer names it.
      if (from.file_path) await services.db.updateTable('yml_jobs').set({ file_path: null }).where('id', '=', from.id).execute();
    } else {
      const body = bodyOf(request);
      const kind = jobKind(body);
      if (body.source !== 'link') throw badRequest('invalid_input', 'Send a file or {"source":"link"}', [{ field: 'source', code: 'invalid', label: 'source' }]);
      const link = String(storeValues(call.store).yml_link ?? '').trim();
      if (!link) throw badRequest('required_fields_error', 'The shop has no YML link: set it in the settings', [{ field: 'yml_link', code: 'required', label: 'yml_link' }]);
      try {
        parseFeedUrl(link);
      } catch (e) {
        throw badRequest('invalid_input', (e as Error).message, [{ field: 'yml_link', code: 'invalid', label: 'yml_link' }]);
      }
      id = await createJob(services.db, call.store.id, { source: 'link', url: link, ...kind });
    }
    // This process starts it at once if no other process claims it first.
    void jobs.tick().catch((e) => request.log.error({ err: e }, 'yml job tick'));
    reply.code(201);
    return jobToApi(await load(call.store.id, id), null);
  });

  // Every warning of a finished job as CSV (kind, offer id, message): the report keeps the first 500 only.
  // Written neutral at import time, rendered in the shop's language (shopLang, as the order export) when asked.
  rest.get('/yml_imports/:id/warnings.csv', async (request, reply) => {
    const call = await ownerCall(services, request);
    const row = await load(call.store.id, idParam(request));
    const file = warningsFileOf(services.config.dataDir, row.id);
    if (row.status !== 'done' || !fs.existsSync(file)) throw notFound();
    reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="yml-import-${row.id}-warnings.csv"`).header('cache-control', 'no-store');
    return reply.send(renderWarningsCsv(file, shopLang(call.store)));
  });

  rest.post('/yml_imports/:id/cancel', async (request) => {
    const call = await ownerCall(services, request);
    const row = await load(call.store.id, idParam(request));
    if (row.status === 'queued') {
      await services.db.updateTable('yml_jobs').set({ status: 'cancelled', cancel_requested: 1, finished_at: new Date().toISOString() }).where('id', '=', row.id).where('status', '=', 'queued').execute();
    } else if (row.status === 'running') {
      // This process's job stops at once; another process's sees the flag within a second. On SQLite the
      // import holds the write lock, so the flag is only written when the job runs elsewhere.
      if (!jobs.abortLocal(row.id) || dialect === 'postgres') await services.db.updateTable('yml_jobs').set({ cancel_requested: 1 }).where('id', '=', row.id).execute();
    } else throw new ApiError(409, 'import_finished', 'The import has already ended');
    const fresh = await load(call.store.id, row.id);
    return { ...jobToApi(fresh, jobs.progressOf(row.id)), cancelRequested: true };
  });

  rest.post('/yml_imports/:id/undo', async (request) => {
    const call = await ownerCall(services, request);
    const row = await load(call.store.id, idParam(request));
    const report = parse(row.report) as ImportReport | null;
    const gone = () => new ApiError(409, 'import_undo_gone');
    if (row.status !== 'done' || row.preview || !report?.stamp) throw gone();
    const busy = await services.db.selectFrom('yml_jobs').select('id').where('store_id', '=', call.store.id).where('status', 'in', ['queued', 'running']).executeTakeFirst();
    if (busy) throw new ApiError(409, 'import_running');
    // In the writer's thread, as an import: this one goes on answering every shop's requests meanwhile.
    const target = threadTarget(services.database);
    const inThread = target ? await undoImportInThread({ ...target, storeId: call.store.id, stamp: report.stamp }) : null;
    const undo = inThread ? inThread.report : await undoImport(services.db, dialect, call.store.id, report.stamp);
    if (!undo) throw gone();
    await services.db
      .updateTable('yml_jobs')
      .set({ status: 'undone', report: JSON.stringify({ ...report, undo }) })
      .where('id', '=', row.id)
      .execute();
    request.log.info({ store: call.store.id, job: row.id, ...undo }, 'yml import undone');
    return jobToApi(await load(call.store.id, row.id), null);
  });

  rest.get('/yml_schedule', async (request) => {
    const call = await ownerCall(services, request);
    const values = storeValues(call.store);
    return { id: 'schedule', schedule: values.yml_schedule ?? 'off', ymlLink: values.yml_link ?? '' };
  });

  rest.put('/yml_schedule', async (request) => {
    const call = await ownerCall(services, request);
    const schedule = bodyOf(request).schedule;
    if (typeof schedule !== 'string' || !(YML_SCHEDULES as readonly string[]).includes(schedule)) {
      throw badRequest('invalid_input', `schedule must be one of ${YML_SCHEDULES.join(', ')}`, [{ field: 'schedule', code: 'invalid', label: 'schedule' }]);
    }
    if (!storeSchema.fields.some((f) => f.name === 'yml_schedule')) throw new Error('yml_schedule is not in the registry');
    const store = await services.db.selectFrom('stores').selectAll().where('id', '=', call.store.id).executeTakeFirstOrThrow();
    await saveStore(services.db, store, { yml_schedule: schedule });
    services.stores.forget();
    const values = storeValues(await services.db.selectFrom('stores').selectAll().where('id', '=', call.store.id).executeTakeFirstOrThrow());
    return { id: 'schedule', schedule: values.yml_schedule, ymlLink: values.yml_link ?? '' };
  });
}
