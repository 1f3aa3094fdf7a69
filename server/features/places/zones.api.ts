import { badRequest } from '../../errors';
import { parseLatLon } from '../../../schemas/rules/geo';
import { deliversTo } from '../../../schemas/rules/zones';
import { listPlaces } from './places';
import type { Handler } from '../../api/context';

/**
 * Delivery zones over the api: `GET /api?api=geo_check&ll=lat,lon` → `{"geo": "1"}` when the shop delivers
 * to the point (inside a place's zone, or the shop has drawn none), by the rule the checkout uses
 * (schemas/rules/zones.ts).
 */
export const geoCheck: Handler = async (ctx) => {
  const point = parseLatLon(ctx.input.raw.ll);
  if (!point) throw badRequest('invalid_input', 'll must be "latitude,longitude"', ['ll']);
  return { geo: deliversTo(await listPlaces(ctx.db, ctx.store.id), point) ? '1' : '0' };
};
