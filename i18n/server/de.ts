import type { Catalogue, Shape } from '../index';
import common from '../common/de';
import orderTexts from '../orders/de';
import storefront from '../storefront/de';
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
  statuses: orderTexts.status,
  paid_header: 'Bestellung Nr. {id} ist bezahlt',
  paid_desc: 'Mit Karte auf der Website bezahlt: {sum} ₽',
  question_header: 'Frage zur Bestellung Nr. {id}',
  sms_login: 'Ihr Code für {shop}: {code}',
  sms_login_plain: 'Ihr Anmeldecode: {code}',
  no_shop_title: 'Hier gibt es keinen Shop',
  no_shop_text: 'Unter dieser Adresse ist kein Shop geöffnet. Prüfen Sie die Adresse; ist es Ihr Shop, weisen Sie die Domain in den Einstellungen nach.',
  signin_guessed_header: 'Jemand errät Ihren Anmeldecode',
  signin_guessed_desc: '{count} falsche Codes für Ihre Nummer an einem Tag; nach {budget} wird die Anmeldung für einen Tag ausgesetzt',
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
    receiving: orderTexts.receiving,
  },
  // The page titles are the storefront's own texts: a hydrated page and the app's later pages title themselves
  // alike (storefront/features/seo/pageTitle.ts).
  seo: {
    not_found: common.common.page_not_found,
    to_main: 'Zur Startseite',
    in_stock: 'auf Lager',
    out_of_stock: 'nicht auf Lager',
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
    signin_guessed: 'Jemand versucht, den Anmeldecode Ihrer Telefonnummer zu erraten\nFür Ihre Nummer als Inhaber von «{shop}» wurden innerhalb eines Tages {count} falsche Codes eingegeben. Nach {budget} falschen Codes wird die Anmeldung mit dieser Nummer für einen Tag ausgesetzt. Wenn Sie es nicht waren, geben Sie die Codes aus der SMS niemandem weiter.',
    new_order: "Neue Bestellung Nr. {order} über {total}\n{name}, {phone}\n{receiving}: {address}\n{lines}\nZahlung: {payment}\nKommentar: {comment}",
    order_confirmation: "Bestellung Nr. {order} eingegangen\nHallo {name}, Ihre Bestellung bei {shop} ist eingegangen.\n{lines}\nSumme: {total}\n{receiving}: {address}",
    order_status: "Bestellung Nr. {order}: {status}\nStatus Ihrer Bestellung bei {shop}: {status}.",
    question: "Frage zur Bestellung Nr. {order}\n{name}, {contact}\n{text}",
    import_failed: "YML-Import fehlgeschlagen\nShop {shop}: {error}",
    low_stock: "Geht zur Neige: {product}\nNoch {count} Stück.",
    delivery: orderTexts.receiving.delivery,
    pickup: orderTexts.receiving.pickup,
    none: "—",
    status: orderTexts.status,
  },
} satisfies Catalogue & Shape<typeof ru>;
