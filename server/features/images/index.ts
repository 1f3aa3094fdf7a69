import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fs from 'node:fs';

/** Uploaded pictures and videos under /images/, a year in the browser's cache (their names are their hashes). */
export const imagesFeature: FastifyPluginAsync = async (app) => {
  const services = app.services;
  const uploadsDir = services.config.uploadsDir;
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(
    async (images) => {
      await images.register(fastifyStatic, { root: uploadsDir, prefix: '/', decorateReply: false, maxAge: '365d', immutable: true });
      // An 800 px WebP of a picture uploaded before that size existed is made on its first request.
      images.setNotFoundHandler(async (request, reply) => {
        const rel = request.url.split('?')[0].replace(/^\/images\//, '');
        const made = request.method === 'GET' || request.method === 'HEAD' ? await services.images.middleFor(rel) : null;
        if (!made) return reply.status(404).send({ error: { code: 'not_found', message: 'Page not found' } });
        return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(made);
      });
    },
    { prefix: '/images' },
  );
};
