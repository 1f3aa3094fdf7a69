import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Provider, useDispatch, useSelector } from 'react-redux';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import Later from '../components/Later';
import Loader from '../components/Loader';
import NoConnection from '../components/NoConnection';
import { CategoryTreeProvider, ShopProvider } from '../components/ShopContext';
import { SlotsProvider, type Slots } from '../components/Slots';
import AddToCart from '../features/cart/components/AddToCart';
import CartButton from '../features/cart/components/CartButton';
import FilterButton from '../features/catalogue/components/FilterButton';
import FavouritesButton from '../features/favourites/components/FavouritesButton';
import FavouriteToggle from '../features/favourites/components/FavouriteToggle';
import DeliveryTimer from '../features/places/components/DeliveryTimer';
import SearchBox from '../features/search/components/SearchBox';
import { usePageTitle } from '../features/seo/pageTitle';
import OfflineBanner from '../features/shell/components/OfflineBanner';
import Toasts from '../features/shell/components/Toasts';
import { categoriesRequested, selectCategoriesError, selectCategoryTree, selectIsOwner, selectStore, shopRequested } from '../features/stores/shopSlice';
import { appStarted } from '../lib/events';
import { useT } from '../lib/i18n';
import Footer from './layout/Footer';
import Header from './layout/Header';
import SideMenu from './layout/SideMenu';
import NavigationBridge from './NavigationBridge';
import SwipeBack from './SwipeBack';
import AppRoutes from './routes';
import type { AppStore, RootState } from './store';

/** Where features show each other's controls (components/Slots). */
const slots: Slots = {
  cardActions: (card) => <FavouriteToggle item={card} />,
  cardCart: (card) => <AddToCart item={card} compact />,
  itemActions: (item) => <AddToCart item={item} />,
  itemTopActions: (item) => <FavouriteToggle item={item} large />,
};

/**
 * The category tree's context (components/ShopContext), a component of its own: when the tree becomes whole
 * after a server-rendered page's first screen, this draws again with the same children (Shell's elements, which
 * React then leaves as they are) and only the components reading the tree follow, not the header, the footer
 * or every card's cart button.
 *
 * The contexts' values change in a deferred render (useDeferredValue): a synchronous change right after the
 * root's commit reaches the page's parts that are not hydrated yet (components/Later, a lazy page), and React
 * would drop their server HTML and draw them anew; deferred, React hydrates them first.
 */
function TreeProvider({ children }: { children: ReactNode }) {
  const dispatch = useDispatch();
  const tree = useDeferredValue(useSelector(selectCategoryTree));
  const error = useDeferredValue(useSelector(selectCategoriesError));
  const retry = useCallback(() => dispatch(categoriesRequested()), [dispatch]);
  const value = useMemo(() => ({ tree, categories: { error, retry } }), [tree, error, retry]);
  return <CategoryTreeProvider value={value}>{children}</CategoryTreeProvider>;
}

function Shell() {
  const t = useT();
  const dispatch = useDispatch();
  // Each part it draws with, not the whole shop slice: the category list becoming whole does not draw the shell again.
  // The shop's context changes in a deferred render, as the tree's (TreeProvider).
  const store = useDeferredValue(useSelector(selectStore));
  const loaded = useSelector((s: RootState) => s.shop.loaded);
  const status = useSelector((s: RootState) => s.shop.status);
  const error = useSelector((s: RootState) => s.shop.error);
  const isOwner = useDeferredValue(useSelector(selectIsOwner));
  const context = useMemo(() => ({ store, isOwner }), [store, isOwner]);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const toggleMenu = useCallback(() => setMenuOpen((o) => !o), []);
  // The same elements on every render, which React leaves as they are: the shell drawing again as the app
  // starts (this device's state, the layout known) does not draw the header, the page, the menu or the footer.
  const controls = useMemo(
    () => ({ search: <SearchBox />, filterButton: <FilterButton />, favouritesButton: <FavouritesButton />, cartButton: <CartButton /> }),
    [],
  );
  const routes = useMemo(() => <AppRoutes />, []);
  const sideMenu = useMemo(
    () => (
      <Later>
        <SideMenu open={menuOpen} onClose={closeMenu} />
      </Later>
    ),
    [menuOpen, closeMenu],
  );
  const footer = useMemo(
    () => (
      <Later>
        <Footer />
      </Later>
    ),
    [],
  );

  usePageTitle();
  useEffect(() => {
    dispatch(appStarted());
  }, [dispatch]);
  useEffect(() => setMenuOpen(false), [pathname]);

  let content;
  if (loaded) content = routes;
  else if (status === 'failed') content = <NoConnection onRetry={() => dispatch(shopRequested())} serverError={error === 'server_error'} />;
  else content = <Loader />;

  return (
    <ShopProvider value={context}>
      <TreeProvider>
        <SlotsProvider value={slots}>
          <a className="skip-link" href="#main">
            {t('catalog.products')}
          </a>
          <OfflineBanner />
          <Later>
            <Header {...controls} onMenu={toggleMenu} menuOpen={menuOpen} />
          </Later>
          <DeliveryTimer enabled={store?.controls?.timer === '1'} />
          {sideMenu}
          <main id="main" className="main">
            {content}
          </main>
          {footer}
          <Toasts />
        </SlotsProvider>
      </TreeProvider>
    </ShopProvider>
  );
}

/**
 * The app. On the server (entry-server.tsx) it renders inside the `Router` it is given (a StaticRouter at the
 * page's address; the browser's bundle does not carry it); in the browser hydrating a server-rendered page,
 * `serverState` is the state the server rendered with: react-redux reads it while hydrating, so the markup
 * matches, and the store's own state (the cart and favourites of this device) shows right after.
 */
export default function App({ store, Router = BrowserRouter, serverState }: { store: AppStore; Router?: ComponentType<{ children: ReactNode }>; serverState?: RootState }) {
  return (
    <Provider store={store} serverState={serverState}>
      <Router>
        <NavigationBridge />
        <SwipeBack />
        <Shell />
      </Router>
    </Provider>
  );
}
