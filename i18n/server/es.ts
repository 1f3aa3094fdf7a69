import type { Catalogue, Shape } from '../index';
import common from '../common/es';
import orderTexts from '../orders/es';
import storefront from '../storefront/es';
import type ru from './ru';

/** Texts the server itself sends, in Spanish; the same keys as ru.ts. */
export default {
  new_order_header: 'Nuevo pedido n.º {id}',
  new_order_desc: '{name}, {sum} ₽, {receiving}',
  no_name: 'Sin nombre',
  receiving_pickup: 'recogida',
  receiving_delivery: 'entrega',
  order_header: 'Pedido n.º {id}',
  status_desc: 'Estado del pedido: {status}',
  statuses: orderTexts.status,
  paid_header: 'Pedido n.º {id} pagado',
  paid_desc: 'Pagado con tarjeta en la web: {sum} ₽',
  question_header: 'Pregunta sobre el pedido n.º {id}',
  sms_login: 'Tu código para {shop}: {code}',
  sms_login_plain: 'Tu código de acceso: {code}',
  no_shop_title: 'Aquí no hay ninguna tienda',
  no_shop_text: 'No hay ninguna tienda abierta en esta dirección. Compruebe la dirección; si es su tienda, verifique el dominio en los ajustes.',
  signin_guessed_header: 'Alguien intenta adivinar su código de acceso',
  signin_guessed_desc: '{count} códigos erróneos para su teléfono en un día; tras {budget} el acceso se detiene un día',
  payment_description: 'Pedido n.º {id}',
  export: {
    headers: {
      id: 'N.º',
      date: 'Fecha',
      created: 'Creado',
      status: 'Estado',
      payment: 'Pago',
      payment_status: 'Estado del pago',
      receiving: 'Recepción',
      place: 'Punto',
      client: 'Cliente',
      phone: 'Teléfono',
      email: 'E-mail',
      address: 'Dirección',
      products: 'Productos',
      goods: 'Importe de productos',
      discount: 'Descuento',
      promo: 'Código promocional',
      delivery: 'Entrega',
      total: 'Total',
    },
    house: 'casa {value}',
    entrance: 'portal {value}',
    appart: 'piso {value}',
    receiving: orderTexts.receiving,
  },
  // The page titles are the storefront's own texts: a hydrated page and the app's later pages title themselves
  // alike (storefront/features/seo/pageTitle.ts).
  seo: {
    not_found: common.common.page_not_found,
    to_main: 'A la página principal',
    in_stock: 'disponible',
    out_of_stock: 'agotado',
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
    signin_guessed: 'Alguien intenta adivinar el código de acceso de su teléfono\nSe introdujeron {count} códigos erróneos para su teléfono, propietario de «{shop}», en un día. Tras {budget} códigos erróneos el acceso con este teléfono se detiene durante un día. Si no fue usted, no comparta los códigos de los SMS.',
    new_order: "Pedido nuevo n.º {order} por {total}\n{name}, {phone}\n{receiving}: {address}\n{lines}\nPago: {payment}\nComentario: {comment}",
    order_confirmation: "Pedido n.º {order} recibido\nHola, {name}: su pedido en {shop} ha sido recibido.\n{lines}\nTotal: {total}\n{receiving}: {address}",
    order_status: "Pedido n.º {order}: {status}\nEstado de su pedido en {shop}: {status}.",
    question: "Pregunta sobre el pedido n.º {order}\n{name}, {contact}\n{text}",
    import_failed: "La importación YML falló\nTienda {shop}: {error}",
    low_stock: "Quedan pocos: {product}\nQuedan {count}.",
    delivery: orderTexts.receiving.delivery,
    pickup: orderTexts.receiving.pickup,
    none: "—",
    status: orderTexts.status,
  },
} satisfies Catalogue & Shape<typeof ru>;
