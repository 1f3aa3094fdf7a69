import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { registerQuestions } from './questions.rest';
import { startAttachmentWorker } from './attachments';

/** Customers' questions about their orders: /rest/questions. */
export const questionsFeature: FastifyPluginAsync = async (app) => {
  await registerRestRoutes(app, ['questions'], (rest) => registerQuestions(rest, app.services));
  const worker = startAttachmentWorker(app.services, app.services.config.jobPollMs);
  app.services.attachments = worker;
  app.addHook('onClose', async () => {
    worker.stop();
    await worker.idle();
  });
};
