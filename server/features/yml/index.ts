import type { FastifyPluginAsync } from 'fastify';
import { originOf } from '../../lib/origin';
import { registerRestRoutes } from '../../rest/routes';
import { registerYmlExport } from './exportYml';
import { createJobRunner } from './jobs';
import { registerYmlImports } from './rest';

/**
 * YML feeds: /rest/yml_imports and /rest/yml_schedule (the owner's imports as jobs with progress), GET
 * /yml.xml (the shop as a feed), and the job runner: every process runs one; it claims queued imports and
 * due refreshes from the database.
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
