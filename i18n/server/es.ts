import type { Catalogue, Shape } from '../index';
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
  paid_header: 'Pedido n.º {id} pagado',
  paid_desc: 'Pagado con tarjeta en la web: {sum} ₽',
  question_header: 'Pregunta sobre el pedido n.º {id}',
  sms_login: 'Tu código para {shop}: {code}',
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
  },
  seo: {
    to_main: 'A la página principal',
    in_stock: 'disponible',
    out_of_stock: 'agotado',
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    new_order: "Pedido nuevo n.º {order} por {total}\n{name}, {phone}\n{receiving}: {address}\n{lines}\nPago: {payment}\nComentario: {comment}",
    order_confirmation: "Pedido n.º {order} recibido\nHola, {name}: su pedido en {shop} ha sido recibido.\n{lines}\nTotal: {total}\n{receiving}: {address}",
    order_status: "Pedido n.º {order}: {status}\nEstado de su pedido en {shop}: {status}.",
    question: "Pregunta sobre el pedido n.º {order}\n{name}, {contact}\n{text}",
    import_failed: "La importación YML falló\nTienda {shop}: {error}",
    low_stock: "Quedan pocos: {product}\nQuedan {count}.",
    none: "—",
  },
} satisfies Catalogue & Shape<typeof ru>;
