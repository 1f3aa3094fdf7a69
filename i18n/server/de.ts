import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Texts the server itself sends, in German; the same keys as ru.ts. */
export default {
  new_order_header: 'Neue Bestellung Nr. {id}',
  new_order_desc: '{name}, {sum} ₽, {receiving}',
  no_name: 'Ohne Namen',
  receiving_pickup: 'Abholung',
  receiving_delivery: 'Lieferung',
  order_header: 'Bestellung Nr. {id}',
  status_desc: 'Bestellstatus: {status}',
  paid_header: 'Bestellung Nr. {id} ist bezahlt',
  paid_desc: 'Mit Karte auf der Website bezahlt: {sum} ₽',
  question_header: 'Frage zur Bestellung Nr. {id}',
  sms_login: 'Ihr Code für {shop}: {code}',
  payment_description: 'Bestellung Nr. {id}',
  export: {
    headers: {
      id: 'Nr.',
      date: 'Datum',
      created: 'Erstellt',
      status: 'Status',
      payment: 'Zahlung',
      payment_status: 'Zahlungsstatus',
      receiving: 'Erhalt',
      place: 'Standort',
      client: 'Kunde',
      phone: 'Telefon',
      email: 'E-Mail',
      address: 'Adresse',
      products: 'Produkte',
      goods: 'Warensumme',
      discount: 'Rabatt',
      promo: 'Promo-Code',
      delivery: 'Lieferung',
      total: 'Gesamt',
    },
    house: 'Haus {value}',
    entrance: 'Eingang {value}',
    appart: 'Whg. {value}',
  },
  seo: {
    to_main: 'Zur Startseite',
    in_stock: 'auf Lager',
    out_of_stock: 'nicht auf Lager',
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    new_order: "Neue Bestellung Nr. {order} über {total}\n{name}, {phone}\n{receiving}: {address}\n{lines}\nZahlung: {payment}\nKommentar: {comment}",
    order_confirmation: "Bestellung Nr. {order} eingegangen\nHallo {name}, Ihre Bestellung bei {shop} ist eingegangen.\n{lines}\nSumme: {total}\n{receiving}: {address}",
    order_status: "Bestellung Nr. {order}: {status}\nStatus Ihrer Bestellung bei {shop}: {status}.",
    question: "Frage zur Bestellung Nr. {order}\n{name}, {contact}\n{text}",
    import_failed: "YML-Import fehlgeschlagen\nShop {shop}: {error}",
    low_stock: "Geht zur Neige: {product}\nNoch {count} Stück.",
    none: "—",
  },
} satisfies Catalogue & Shape<typeof ru>;
