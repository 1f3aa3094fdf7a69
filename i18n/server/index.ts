import { OWN_PAGE_TITLES, lookup, type Catalogue, type Lang } from '../index';
import { LATER_PAGE_TITLES } from '../laterPages';
import commonRu from '../common/ru';
import commonEn from '../common/en';
import commonZh from '../common/zh';
import commonEs from '../common/es';
import commonFr from '../common/fr';
import commonAr from '../common/ar';
import commonPt from '../common/pt';
import commonDe from '../common/de';
import ordersRu from '../orders/ru';
import ordersEn from '../orders/en';
import ordersZh from '../orders/zh';
import ordersEs from '../orders/es';
import ordersFr from '../orders/fr';
import ordersAr from '../orders/ar';
import ordersPt from '../orders/pt';
import ordersDe from '../orders/de';
import storefrontRu from '../storefront/ru';
import storefrontEn from '../storefront/en';
import storefrontZh from '../storefront/zh';
import storefrontEs from '../storefront/es';
import storefrontFr from '../storefront/fr';
import storefrontAr from '../storefront/ar';
import storefrontPt from '../storefront/pt';
import storefrontDe from '../storefront/de';
import pagesRu from '../storefront/pages/ru';
import pagesEn from '../storefront/pages/en';
import pagesZh from '../storefront/pages/zh';
import pagesEs from '../storefront/pages/es';
import pagesFr from '../storefront/pages/fr';
import pagesAr from '../storefront/pages/ar';
import pagesPt from '../storefront/pages/pt';
import pagesDe from '../storefront/pages/de';
import adminRu from '../admin/ru';
import adminEn from '../admin/en';
import adminZh from '../admin/zh';
import adminEs from '../admin/es';
import adminFr from '../admin/fr';
import adminAr from '../admin/ar';
import adminPt from '../admin/pt';
import adminDe from '../admin/de';
import ru from './ru';
import en from './en';
import zh from './zh';
import es from './es';
import fr from './fr';
import ar from './ar';
import pt from './pt';
import de from './de';

type Own = typeof ru;
/** The parts of the other catalogues the server's texts take. */
interface Taken {
  common: { common: { page_not_found: string } };
  orders: { status: object; receiving: { delivery: string; pickup: string }; payment: object; payment_status: object };
  storefront: { catalog: { catalog: string; page_n: string }; search: { title: string }; menu: Record<'about_company' | 'delivery' | 'payment' | 'contacts', string> };
  admin: { admin: { yml: { kinds: object } } };
}

/**
 * A language's server texts: its own (./<lang>.ts) and those it takes from the other catalogues, named here
 * once for every language: the order statuses and ways of receiving (i18n/orders), and the page names of
 * the served pages, which are the storefront's own, so a hydrated page and the app's later pages title
 * themselves alike (storefront/features/seo/pageTitle.ts); the kinds of an import's warnings, named in the
 * downloadable list as the admin's import report names them.
 */
function serverTexts(own: Own, common: Taken['common'], orders: Taken['orders'], storefront: Taken['storefront'], pages: Catalogue, admin: Taken['admin']): Catalogue {
  return {
    ...own,
    yml_warnings: { ...own.yml_warnings, kinds: admin.admin.yml.kinds },
    statuses: orders.status,
    export: { ...own.export, receiving: orders.receiving, payment: orders.payment, payment_status: orders.payment_status },
    seo: {
      ...own.seo,
      not_found: common.common.page_not_found,
      catalogue: storefront.catalog.catalog,
      page: storefront.catalog.page_n,
      search: storefront.search.title,
      info: { about_company: storefront.menu.about_company, delivery: storefront.menu.delivery, payment: storefront.menu.payment, contacts: storefront.menu.contacts },
      own: Object.fromEntries(Object.entries(OWN_PAGE_TITLES).map(([page, key]) => [page, lookup(storefront as unknown as Catalogue, key)])),
      // By route pattern (no dots in them, so a key's path finds them).
      later: Object.fromEntries(Object.entries(LATER_PAGE_TITLES).map(([pattern, key]) => [pattern, lookup(pages, key)])),
    },
    notifications: { ...own.notifications, delivery: orders.receiving.delivery, pickup: orders.receiving.pickup, status: orders.status },
  } as unknown as Catalogue;
}

/** The texts the server itself sends (notifications, the login SMS, the order export, the served pages), by language. */
export const SERVER_TEXTS: Record<Lang, Catalogue> = {
  ru: serverTexts(ru, commonRu, ordersRu, storefrontRu, pagesRu, adminRu),
  en: serverTexts(en, commonEn, ordersEn, storefrontEn, pagesEn, adminEn),
  zh: serverTexts(zh, commonZh, ordersZh, storefrontZh, pagesZh, adminZh),
  es: serverTexts(es, commonEs, ordersEs, storefrontEs, pagesEs, adminEs),
  fr: serverTexts(fr, commonFr, ordersFr, storefrontFr, pagesFr, adminFr),
  ar: serverTexts(ar, commonAr, ordersAr, storefrontAr, pagesAr, adminAr),
  pt: serverTexts(pt, commonPt, ordersPt, storefrontPt, pagesPt, adminPt),
  de: serverTexts(de, commonDe, ordersDe, storefrontDe, pagesDe, adminDe),
};
