import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Order texts in German, shared by the admin, the storefront and the server; the same keys as ru.ts. */
export default {
  status: {
    new: 'Neu',
    accepted: 'Angenommen',
    preparing: 'Wird vorbereitet',
    delivering: 'An den Kurier übergeben',
    ready: 'Abholbereit',
    done: 'Abgeschlossen',
    cancelled: 'Storniert',
  },
  payment_status: {
    none: 'Bei Erhalt',
    pending: 'Zahlung ausstehend',
    paid: 'Bezahlt',
    refunded: 'Erstattet',
    failed: 'Zahlung fehlgeschlagen',
  },
  receiving: {
    delivery: 'Lieferung',
    pickup: 'Abholung',
  },
  payment: {
    cash: 'Bar',
    card: 'Karte beim Kurier',
    online: 'Karte auf der Website',
  },
} satisfies Catalogue & Shape<typeof ru>;
