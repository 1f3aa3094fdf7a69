import type { FastifyPluginAsync } from 'fastify';
import { shopBanners } from './banners.api';

/** The home page's banners: api=shop_banners. */
export const bannersFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ shop_banners: shopBanners });
};
