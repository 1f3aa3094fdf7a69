/** What the other features may use of places (they import nothing else of it). */
export { deliveryMinutes, deliveryTimerStarted } from './deliveryTimer';
export { selectDeliveryPoint, type DeliveryPoint } from './mapSlice';
