import type { Catalogue, Shape } from '../index';
import common from '../common/pt';
import orderTexts from '../orders/pt';
import storefront from '../storefront/pt';
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
  statuses: orderTexts.status,
  paid_header: 'Pedido n.º {id} pago',
  paid_desc: 'Pago com cartão no site: {sum} ₽',
  question_header: 'Pergunta sobre o pedido n.º {id}',
  sms_login: 'Seu código para {shop}: {code}',
  sms_login_plain: 'Seu código de acesso: {code}',
  no_shop_title: 'Não há loja aqui',
  no_shop_text: 'Nenhuma loja está aberta neste endereço. Verifique o endereço; se for a sua loja, comprove o domínio nas configurações.',
  signin_guessed_header: 'Alguém está adivinhando seu código de acesso',
  signin_guessed_desc: '{count} códigos errados para o seu telefone em um dia; após {budget} o acesso é pausado por um dia',
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
    receiving: orderTexts.receiving,
  },
  // The page titles are the storefront's own texts: a hydrated page and the app's later pages title themselves
  // alike (storefront/features/seo/pageTitle.ts).
  seo: {
    not_found: common.common.page_not_found,
    to_main: 'Para a página inicial',
    in_stock: 'em estoque',
    out_of_stock: 'fora de estoque',
    catalogue: storefront.catalog.catalog,
    search: storefront.search.title,
    info: {
      about_company: storefront.menu.about_company,
      delivery: storefront.menu.delivery,
      payment: storefront.menu.payment,
      contacts: storefront.menu.contacts,
    },
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    signin_guessed: 'Alguém está tentando adivinhar o código de acesso do seu telefone\n{count} códigos errados foram digitados para o seu telefone, dono de «{shop}», em um dia. Após {budget} códigos errados o acesso com este telefone é pausado por um dia. Se não foi você, nunca compartilhe os códigos do SMS.',
    new_order: "Novo pedido n.º {order} de {total}\n{name}, {phone}\n{receiving}: {address}\n{lines}\nPagamento: {payment}\nComentário: {comment}",
    order_confirmation: "Pedido n.º {order} recebido\nOlá, {name}: o seu pedido em {shop} foi recebido.\n{lines}\nTotal: {total}\n{receiving}: {address}",
    order_status: "Pedido n.º {order}: {status}\nEstado do seu pedido em {shop}: {status}.",
    question: "Pergunta sobre o pedido n.º {order}\n{name}, {contact}\n{text}",
    import_failed: "A importação YML falhou\nLoja {shop}: {error}",
    low_stock: "A acabar: {product}\nRestam {count}.",
    delivery: orderTexts.receiving.delivery,
    pickup: orderTexts.receiving.pickup,
    none: "—",
    status: orderTexts.status,
  },
} satisfies Catalogue & Shape<typeof ru>;
