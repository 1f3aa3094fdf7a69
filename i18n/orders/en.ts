import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Order texts in English, shared by the admin, the storefront and the server; the same keys as ru.ts. */
export default {
  status: {
    new: 'New',
    accepted: 'Accepted',
    preparing: 'Being prepared',
    delivering: 'Handed to the courier',
    ready: 'Ready for pickup',
    done: 'Completed',
    cancelled: 'Cancelled',
  },
  payment_status: {
    none: 'On receipt',
    pending: 'Awaiting payment',
    paid: 'Paid',
    refunded: 'Refunded',
    failed: 'Payment failed',
  },
  receiving: {
    delivery: 'Delivery',
    pickup: 'Pickup',
  },
  payment: {
    cash: 'Cash',
    card: 'Card to the courier',
    online: 'Card on the site',
  },
} satisfies Catalogue & Shape<typeof ru>;
