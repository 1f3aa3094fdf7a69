import { pointInPolygon, polygonOf, type LatLon } from './geo';

/**
 * Delivery zones (seed, section 5, check 2): each place (branch) may draw one polygon it delivers to.
 * Pure and browser-safe: the server places orders by these, the storefront's checkout and map read the
 * same answers. A shop that has drawn no zone delivers everywhere.
 */

/** What the zone rules need of a place: its id and its zone's points (fewer than three: no zone). */
export interface ZonedPlace {
  id: number | string;
  zone: readonly LatLon[];
}

/** A place's zone from its stored or answered `coords` (any of the forms polygonOf reads); [] when it has none. */
export function zoneOf(coords: unknown): LatLon[] {
  const points = polygonOf(coords);
  return points.length >= 3 ? points : [];
}

/** Places that have a delivery zone (three points or more). */
export const zonedPlaces = <P extends ZonedPlace>(places: readonly P[]): P[] => places.filter((p) => p.zone.length >= 3);

/** Whether a point is inside any place's delivery zone. */
export const inDeliveryZone = (places: readonly ZonedPlace[], point: LatLon): boolean => zonedPlaces(places).some((p) => pointInPolygon(point, p.zone));

/** Whether the shop delivers to the point: inside a zone, or the shop has drawn none. */
export const deliversTo = (places: readonly ZonedPlace[], point: LatLon): boolean => zonedPlaces(places).length === 0 || inDeliveryZone(places, point);

/** The places whose zone holds the point, in their order. */
export const placesServing = <P extends ZonedPlace>(places: readonly P[], point: LatLon): P[] => zonedPlaces(places).filter((p) => pointInPolygon(point, p.zone));
