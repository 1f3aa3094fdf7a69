import type { FastifyPluginAsync } from 'fastify';
import { registerPages } from './pages';
import { registerSitemap } from './sitemap';

export interface SeoOptions {
  /** Serve the built storefront and admin from `distDir` (off in API-only tests: then unknown paths answer 404). */
  serveApps: boolean;
  distDir: string;
}

/**
 * What search engines and browsers read: /sitemap.xml, and the built apps (the admin under /admin/, the
 * storefront's pages server-rendered with their SEO tags at every other path).
 */
export const seoFeature: FastifyPluginAsync<SeoOptions> = async (app, opts) => {
  registerSitemap(app, app.services);
  if (opts.serveApps) registerPages(app, app.services, opts.distDir);
  else app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: { code: 'not_found', message: 'Page not found' } }));
};
