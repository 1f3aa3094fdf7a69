import type { Catalogue, Shape } from '../index';
import common from '../common/fr';
import orderTexts from '../orders/fr';
import storefront from '../storefront/fr';
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
  statuses: orderTexts.status,
  paid_header: 'Commande n° {id} payée',
  paid_desc: 'Payée par carte sur le site : {sum} ₽',
  question_header: 'Question sur la commande n° {id}',
  sms_login: 'Votre code pour {shop} : {code}',
  sms_login_plain: 'Votre code de connexion : {code}',
  no_shop_title: 'Il n’y a pas de boutique ici',
  no_shop_text: 'Aucune boutique n’est ouverte à cette adresse. Vérifiez l’adresse ; si c’est votre boutique, prouvez le domaine dans ses réglages.',
  signin_guessed_header: 'Quelqu’un devine votre code de connexion',
  signin_guessed_desc: '{count} codes erronés pour votre téléphone en une journée ; après {budget}, la connexion est suspendue une journée',
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
    receiving: orderTexts.receiving,
  },
  // The page titles are the storefront's own texts: a hydrated page and the app's later pages title themselves
  // alike (storefront/features/seo/pageTitle.ts).
  seo: {
    not_found: common.common.page_not_found,
    to_main: 'Vers l’accueil',
    in_stock: 'en stock',
    out_of_stock: 'en rupture de stock',
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
    signin_guessed: 'Quelqu’un essaie de deviner le code de connexion de votre téléphone\n{count} codes erronés ont été saisis pour votre téléphone, propriétaire de «{shop}», en une journée. Après {budget} codes erronés, la connexion avec ce téléphone est suspendue pour une journée. Si ce n’était pas vous, ne communiquez jamais les codes reçus par SMS.',
    new_order: "Nouvelle commande n° {order} de {total}\n{name}, {phone}\n{receiving} : {address}\n{lines}\nPaiement : {payment}\nCommentaire : {comment}",
    order_confirmation: "Commande n° {order} reçue\nBonjour {name}, votre commande chez {shop} est reçue.\n{lines}\nTotal : {total}\n{receiving} : {address}",
    order_status: "Commande n° {order} : {status}\nStatut de votre commande chez {shop} : {status}.",
    question: "Question sur la commande n° {order}\n{name}, {contact}\n{text}",
    import_failed: "Échec de l'import YML\nBoutique {shop} : {error}",
    low_stock: "Bientôt épuisé : {product}\nReste {count}.",
    delivery: orderTexts.receiving.delivery,
    pickup: orderTexts.receiving.pickup,
    none: "—",
    status: orderTexts.status,
  },
} satisfies Catalogue & Shape<typeof ru>;
