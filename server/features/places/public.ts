/** What the other features may use of places (they import nothing else of it). */
export { inDeliveryZone, listPlaces, placesServing, zonedPlaces, type Place } from './places';
