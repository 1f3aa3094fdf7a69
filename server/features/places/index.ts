import type { FastifyPluginAsync } from 'fastify';
import { registerRestRoutes } from '../../rest/routes';
import { geoCheck } from './geoCheck.api';
import { geocode } from './geocode.api';
import { registerPlaces } from './places.rest';

/** Pick-up places and their delivery zones: api=geo_check, geocode; /rest/places. */
export const placesFeature: FastifyPluginAsync = async (app) => {
  app.apiHandlers.add({ geo_check: geoCheck, geocode });
  await registerRestRoutes(app, ['places'], (rest) => registerPlaces(rest, app.services));
};
