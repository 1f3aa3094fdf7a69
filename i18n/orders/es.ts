import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Order texts in Spanish, shared by the admin, the storefront and the server; the same keys as ru.ts. */
export default {
  status: {
    new: 'Nuevo',
    accepted: 'Aceptado',
    preparing: 'En preparación',
    delivering: 'Entregado al repartidor',
    ready: 'Listo para recoger',
    done: 'Completado',
    cancelled: 'Cancelado',
  },
  payment_status: {
    none: 'Al recibir',
    pending: 'Pendiente de pago',
    paid: 'Pagado',
    refunded: 'Reembolsado',
    failed: 'Pago fallido',
  },
  receiving: {
    delivery: 'Entrega',
    pickup: 'Recogida',
  },
  payment: {
    cash: 'Efectivo',
    card: 'Tarjeta al repartidor',
    online: 'Tarjeta en la web',
  },
} satisfies Catalogue & Shape<typeof ru>;
