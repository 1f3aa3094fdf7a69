/** What the other features may use of payments (they import nothing else of it). */
export { acquirerFor, refundOrder } from './payments';
