/** What the other features may use of orders (they import nothing else of it). */
export { customerOf } from './customer';
export { amountDue, deviceIdOf, getOrderFor, orderData, ownsOrder, parseOrderId, selectOrders, type Customer, type OrderRow } from './orders';
