import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../../../api/context';
import { catalogueVersion } from './exportYml';
import { feedFile } from './exportFile';

/** GET /yml.xml: the shop of the request's host as a YML feed, with an ETag of its catalogue version, from a file built once per version (exportFile.ts). */
export function registerYmlExport(app: FastifyInstance, services: AppServices, originOf: (request: FastifyRequest) => string) {
  app.get('/yml.xml', async (request, reply) => {
    const store = await services.stores.resolve(request.headers.host);
    if (!store) return reply.status(404).send({ error: { code: 'not_found', message: 'No shop here' } });
    const etag = `"${await catalogueVersion(services.db, store.id)}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.type('application/xml; charset=utf-8');
    const file = await feedFile(services.database, path.join(services.config.dataDir, 'exports'), store.id, etag.slice(1, -1), originOf(request), store.name);
    return reply.send(fs.createReadStream(file));
  });
}
