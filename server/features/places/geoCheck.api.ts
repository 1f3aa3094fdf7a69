import { badRequest } from '../../errors';
import { parseLatLon } from '../../../schemas/rules/geo';
import { inDeliveryZone, listPlaces, zonedPlaces } from './places';
import type { Handler } from '../../api/context';

/**
 * `GET /api?api=geo_check&ll=lat,lon` → `{"geo": "1"}` when the point is inside a place's delivery zone.
 * A shop that has drawn no zone delivers everywhere (as its orders are accepted everywhere).
 */
export const geoCheck: Handler = async (ctx) => {
  const point = parseLatLon(ctx.input.raw.ll);
  if (!point) throw badRequest('invalid_input', 'll must be "latitude,longitude"', ['ll']);
  const places = await listPlaces(ctx.db, ctx.store.id);
  const inside = zonedPlaces(places).length === 0 || inDeliveryZone(places, point);
  return { geo: inside ? '1' : '0' };
};
