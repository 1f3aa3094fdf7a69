/** What the other features may use of places (they import nothing else of it). */
export { listPlaces, type Place } from './places';
