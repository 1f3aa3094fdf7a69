import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Order texts in Portuguese, shared by the admin, the storefront and the server; the same keys as ru.ts. */
export default {
  status: {
    new: 'Novo',
    accepted: 'Aceito',
    preparing: 'Em preparação',
    delivering: 'Entregue ao entregador',
    ready: 'Pronto para levantar',
    done: 'Concluído',
    cancelled: 'Cancelado',
  },
  payment_status: {
    none: 'No recebimento',
    pending: 'Aguardando pagamento',
    paid: 'Pago',
    refunded: 'Reembolsado',
    failed: 'Pagamento falhou',
  },
  receiving: {
    delivery: 'Entrega',
    pickup: 'Retirada',
  },
  payment: {
    cash: 'Dinheiro',
    card: 'Cartão ao entregador',
    online: 'Cartão no site',
  },
} satisfies Catalogue & Shape<typeof ru>;
