import type { FastifyPluginAsync } from 'fastify';
import { originOf } from '../../lib/origin';
import { registerRestRoutes } from '../../rest/routes';
import { registerYmlExport } from './export/route';
import { createJobRunner } from './jobs/jobs';
import { registerYmlImports } from './jobs/rest';

/**
 * YML feeds: /rest/yml_imports and /rest/yml_schedule (the owner's imports as jobs with progress), GET
 * /yml.xml (the shop as a feed), and the job runner: every process runs one; it claims queued imports and
 * due refreshes from the database.
 *
 * An import goes through the folders in this order:
 * - jobs/: the runner (jobs.ts), the owner's REST routes (rest.ts), the feed's bytes from a file or a link
 *   (importFeed.ts, openFeedUrl.ts);
 * - parse/: the feed read as it streams (parseYml.ts, offerReader.ts) and prepared in a worker thread
 *   (pipeline.ts, prepare.ts, importWorker.ts): offers, their parameters' names and slots;
 * - write/: the catalogue written in one transaction (importYml.ts), on SQLite in a writer thread of its own
 *   (writerThread.ts), indexes rebuilt after a first import (deferredIndexes.ts);
 * - pictures/: list thumbnails of the feed's remote pictures, made by the runner after the import;
 * - export/: the shop's catalogue written back as a feed (/yml.xml);
 * - threads/: the worker pool both thread kinds run in (workerPool.ts, boot.mjs).
 * Other features use only public.ts.
 */
export const ymlFeature: FastifyPluginAsync = async (app) => {
  const services = app.services;
  const jobs = createJobRunner(services);
  services.jobs = jobs;
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  registerYmlExport(app, services, (request) => originOf(request, services.config));
  await registerRestRoutes(app, ['yml_imports', 'yml_schedule'], (rest) => registerYmlImports(rest, services, jobs));
};
