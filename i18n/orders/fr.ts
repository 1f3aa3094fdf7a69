import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Order texts in French, shared by the admin, the storefront and the server; the same keys as ru.ts. */
export default {
  status: {
    new: 'Nouvelle',
    accepted: 'Acceptée',
    preparing: 'En préparation',
    delivering: 'Remise au livreur',
    ready: 'Prête à retirer',
    done: 'Terminée',
    cancelled: 'Annulée',
  },
  payment_status: {
    none: 'À la réception',
    pending: 'En attente de paiement',
    paid: 'Payée',
    refunded: 'Remboursé',
    failed: 'Paiement échoué',
  },
  receiving: {
    delivery: 'Livraison',
    pickup: 'Retrait',
  },
  payment: {
    cash: 'Espèces',
    card: 'Carte au livreur',
    online: 'Carte sur le site',
  },
} satisfies Catalogue & Shape<typeof ru>;
