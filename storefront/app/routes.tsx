import { Suspense, type ComponentType } from 'react';
import { matchPath, Route, Routes } from '../lib/router';
import { lazyPage as lazyModule } from '../lib/i18n';
import Later from '../components/Later';
import ClientOnly from '../lib/clientOnly';
import Loader from '../components/Loader';
import DeviceShell from './pages/DeviceShell';
import ProductListPage from '../features/catalogue/components/ProductListPage';
import { INFO_PAGES } from '../features/info/pages';
import CategoryRoute from './pages/HomeRedirect';
import { PATHS } from './paths';
import NotFoundPage, { StatusPage, UnknownPathPage } from './pages/NotFoundPage';

/** A page that needs a lazy feature (app/features.ts): both arrive before the page renders. */
const withFeature = <T,>(feature: Promise<unknown>, page: Promise<T>) => Promise.all([feature, page]).then(([, m]) => m);

/**
 * A lazy page with its own Suspense boundary (the loader while its chunk loads): leaving a page whose chunk
 * is still loading (back from an item page just opened) replaces the boundary with the next page at once.
 * On a server-rendered page it is one of the parts that hydrate after the shell (components/Later).
 */
function lazyPage<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>, devicePath?: string) {
  const Page = lazyModule(factory) as unknown as ComponentType<any>;
  // The server's fallback of a device page is its shell (heading and bars); the browser's build has only the loader.
  const fallback = import.meta.env.SSR && devicePath ? <DeviceShell path={devicePath} /> : loader;
  return function LazyPage(props: Record<string, unknown>) {
    return <Later fallback={fallback}>{devicePath ? <ClientOnly>{<Page {...props} />}</ClientOnly> : <Page {...props} />}</Later>;
  };
}

/** A page whose content lives on this device: the server sends the page's shell, the browser draws the page (lib/clientOnly). */
const devicePage = <T extends ComponentType<any>>(path: string, factory: () => Promise<{ default: T }>) => lazyPage(factory, path);
const loader = <Loader />;

// The catalogue pages are in the first bundle (/ leads there); everything else loads when opened.
const itemPage = () => withFeature(import('../features/item/feature'), import('../features/item/components/ItemPage'));
const searchPage = () => import('../features/search/components/SearchPage');
const infoPage = () => withFeature(import('../features/info/feature'), import('../features/info/components/InfoPage'));
const ItemPage = lazyPage(itemPage);
const SearchPage = lazyPage(searchPage);
const InfoPage = lazyPage(infoPage);
const LegacyProductPage = lazyPage(() => withFeature(import('../features/item/feature'), import('../features/item/components/LegacyProductPage')));
/**
 * The device pages, each declared once: its route and its chunk. The server sends their shell (entry-server.tsx,
 * isDevicePage), so their chunks load with the app (preloadPage).
 */
const DEVICE_PAGES = (
  [
    ['/cart', () => import('../features/cart/components/CartPage')],
    ['/order', () => withFeature(import('../features/checkout/feature'), import('../features/checkout/components/CheckoutPage'))],
    ['/order/:orderId', () => import('../features/account/components/CustomerOrderPage')],
    ['/order/:orderId/review', () => import('../features/account/components/OrderReviewPage')],
    ['/favourites', () => import('../features/favourites/components/FavouritesPage')],
    ['/login', () => import('../features/account/components/SignInPage')],
    ['/my_orders', () => import('../features/account/components/MyOrdersPage')],
    // The map (Leaflet and its CSS) loads only with /map.
    ['/map', () => withFeature(import('../features/places/feature'), import('../features/places/components/MapPage'))],
    ['/success_payment', () => withFeature(import('../features/payments/feature'), import('../features/payments/components/SuccessPaymentPage'))],
    ['/fail_payment', () => withFeature(import('../features/payments/feature'), import('../features/payments/components/FailPaymentPage'))],
    ['/filters/:path', () => import('../features/catalogue/components/FiltersPage')],
    ['/filters/:path/:filterId', () => import('../features/catalogue/components/FilterValuesPage')],
  ] as [string, () => Promise<{ default: ComponentType<any> }>][]
).map(([path, load]) => ({ path, load, Page: devicePage(path, load) }));
const deviceRoute = (pathname: string) => DEVICE_PAGES.find((d) => matchPath(d.path, pathname));

/** Pages people land on from outside (shared links, search engines, a refresh) that are not in the first bundle. */
const LANDINGS: [RegExp, () => Promise<unknown>][] = [
  [/^\/category\/[^/]+\/item\//, itemPage],
  [/^\/search\//, searchPage],
  [/^\/(about_company|delivery|payment|contacts)$/, infoPage],
];

/** Whether the page's content is this device's: the server sends its shell and the browser draws it (lib/clientOnly). */
export const isDevicePage = (pathname: string) => deviceRoute(pathname) !== undefined;

/** Whether the page is one of the lazy landing pages (its module and the later pages' texts load with it). */
export const isLazyLanding = (pathname: string) => LANDINGS.some(([re]) => re.test(pathname)) || isDevicePage(pathname);

/** Starts loading the landing page's chunk with the app's start, not after it (the texts load meanwhile). */
export function preloadPage(pathname: string): Promise<unknown> {
  const load = LANDINGS.find(([re]) => re.test(pathname))?.[1] ?? deviceRoute(pathname)?.load;
  return load?.().catch(() => undefined) ?? Promise.resolve();
}

/** The storefront's routes (the seed's table); any unknown path goes to /404. */
export default function AppRoutes() {
  return (
    <Suspense fallback={<Loader />}>
      <Routes>
        <Route path="/" element={<CategoryRoute home />} />
        <Route path={PATHS.category} element={<CategoryRoute />} />
        <Route path={PATHS.list} element={<ProductListPage />} />
        <Route path={PATHS.item} element={<ItemPage />} />
        <Route path="/product/:productId" element={<LegacyProductPage />} />
        <Route path={PATHS.searchPage} element={<SearchPage />} />
        <Route path={PATHS.search} element={<SearchPage />} />
        {DEVICE_PAGES.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        {INFO_PAGES.map((p) => (
          <Route key={p} path={`/${p}`} element={<InfoPage page={p} />} />
        ))}
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/401" element={<StatusPage title="common.unauthorized_page" code="401" />} />
        <Route path="*" element={<UnknownPathPage />} />
      </Routes>
    </Suspense>
  );
}
