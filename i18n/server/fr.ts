import type { Catalogue, Shape } from '../index';
import type ru from './ru';

/** Texts the server itself sends, in French; the same keys as ru.ts. */
export default {
  new_order_header: 'Nouvelle commande n° {id}',
  new_order_desc: '{name}, {sum} ₽, {receiving}',
  no_name: 'Sans nom',
  receiving_pickup: 'retrait',
  receiving_delivery: 'livraison',
  order_header: 'Commande n° {id}',
  status_desc: 'Statut de la commande : {status}',
  paid_header: 'Commande n° {id} payée',
  paid_desc: 'Payée par carte sur le site : {sum} ₽',
  question_header: 'Question sur la commande n° {id}',
  sms_login: 'Votre code pour {shop} : {code}',
  payment_description: 'Commande n° {id}',
  export: {
    headers: {
      id: 'N°',
      date: 'Date',
      created: 'Créée',
      status: 'Statut',
      payment: 'Paiement',
      payment_status: 'Statut du paiement',
      receiving: 'Réception',
      place: 'Point',
      client: 'Client',
      phone: 'Téléphone',
      email: 'E-mail',
      address: 'Adresse',
      products: 'Produits',
      goods: 'Montant des produits',
      discount: 'Remise',
      promo: 'Code promo',
      delivery: 'Livraison',
      total: 'Total',
    },
    house: 'bât. {value}',
    entrance: 'entrée {value}',
    appart: 'app. {value}',
  },
  seo: {
    to_main: 'Vers l’accueil',
    in_stock: 'en stock',
    out_of_stock: 'en rupture de stock',
  },
  // Default texts of the notifications (server/features/notifications): the first line is the e-mail subject.
  notifications: {
    new_order: "Nouvelle commande n° {order} de {total}\n{name}, {phone}\n{receiving} : {address}\n{lines}\nPaiement : {payment}\nCommentaire : {comment}",
    order_confirmation: "Commande n° {order} reçue\nBonjour {name}, votre commande chez {shop} est reçue.\n{lines}\nTotal : {total}\n{receiving} : {address}",
    order_status: "Commande n° {order} : {status}\nStatut de votre commande chez {shop} : {status}.",
    question: "Question sur la commande n° {order}\n{name}, {contact}\n{text}",
    import_failed: "Échec de l'import YML\nBoutique {shop} : {error}",
    low_stock: "Bientôt épuisé : {product}\nReste {count}.",
    none: "—",
  },
} satisfies Catalogue & Shape<typeof ru>;
