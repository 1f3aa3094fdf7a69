/** What the other features may use of orders (they import nothing else of it). */
export { customerOf } from './customer';
export { orderReads } from './orders.api';
export { amountDue, deviceIdOf, factsOf, getOrderFor, orderByNumber, orderData, ownsOrder, parseOrderId, selectOrders, type Customer, type OrderData, type OrderLine, type OrderRow } from './orders';
export { nextOrderNumber } from './orderNumbers';
export { releaseLapsedHolds } from './stockHolds';
