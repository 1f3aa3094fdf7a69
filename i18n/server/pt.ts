import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Texts the server itself sends, in Portuguese; the same keys as ru.ts. */
export default {
  new_order_header: 'Novo pedido n.º {id}',
  new_order_desc: '{name}, {sum} ₽, {receiving}',
  no_name: 'Sem nome',
  receiving_pickup: 'retirada',
  receiving_delivery: 'entrega',
  order_header: 'Pedido n.º {id}',
  status_desc: 'Status do pedido: {status}',
  paid_header: 'Pedido n.º {id} pago',
  paid_desc: 'Pago com cartão no site: {sum} ₽',
  question_header: 'Pergunta sobre o pedido n.º {id}',
  sms_login: 'Seu código para {shop}: {code}',
  payment_description: 'Pedido n.º {id}',
  export: {
    headers: {
      id: 'N.º',
      date: 'Data',
      created: 'Criado',
      status: 'Status',
      payment: 'Pagamento',
      payment_status: 'Status do pagamento',
      receiving: 'Recebimento',
      place: 'Ponto',
      client: 'Cliente',
      phone: 'Telefone',
      email: 'E-mail',
      address: 'Endereço',
      products: 'Produtos',
      goods: 'Valor dos produtos',
      discount: 'Desconto',
      promo: 'Código promocional',
      delivery: 'Entrega',
      total: 'Total',
    },
    house: 'casa {value}',
    entrance: 'entrada {value}',
    appart: 'apto. {value}',
  },
  seo: {
    to_main: 'Para a página inicial',
    in_stock: 'em estoque',
    out_of_stock: 'fora de estoque',
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    new_order: "Novo pedido n.º {order} de {total}\n{name}, {phone}\n{receiving}: {address}\n{lines}\nPagamento: {payment}\nComentário: {comment}",
    order_confirmation: "Pedido n.º {order} recebido\nOlá, {name}: o seu pedido em {shop} foi recebido.\n{lines}\nTotal: {total}\n{receiving}: {address}",
    order_status: "Pedido n.º {order}: {status}\nEstado do seu pedido em {shop}: {status}.",
    question: "Pergunta sobre o pedido n.º {order}\n{name}, {contact}\n{text}",
    import_failed: "A importação YML falhou\nLoja {shop}: {error}",
    low_stock: "A acabar: {product}\nRestam {count}.",
    none: "—",
  },
} satisfies Catalogue & Shape<typeof ru>;
