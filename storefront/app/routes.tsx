import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import Loader from '../components/Loader';
import CategoryPage from '../features/catalogue/components/CategoryPage';
import ProductListPage from '../features/catalogue/components/ProductListPage';
import { INFO_PAGES } from '../features/info/infoSlice';
import HomeRedirect from './pages/HomeRedirect';
import NotFoundPage from './pages/NotFoundPage';
import UnauthorizedPage from './pages/UnauthorizedPage';

// The catalogue pages are in the first bundle (/ leads there); everything else loads when opened.
const ItemPage = lazy(() => import('../features/item/components/ItemPage'));
const SearchPage = lazy(() => import('../features/search/components/SearchPage'));
const FiltersPage = lazy(() => import('../features/catalogue/components/FiltersPage'));
const FilterValuesPage = lazy(() => import('../features/catalogue/components/FilterValuesPage'));
const FavouritesPage = lazy(() => import('../features/favourites/components/FavouritesPage'));
const InfoPage = lazy(() => import('../features/info/components/InfoPage'));
const LegacyProductPage = lazy(() => import('../features/item/components/LegacyProductPage'));
// The map (Leaflet and its CSS) loads only with /map.
const MapPage = lazy(() => import('../features/map/components/MapPage'));
const SuccessPaymentPage = lazy(() => import('../features/payment/components/SuccessPaymentPage'));
const FailPaymentPage = lazy(() => import('../features/payment/components/FailPaymentPage'));
const SignInPage = lazy(() => import('../features/account/components/SignInPage'));
const MyOrdersPage = lazy(() => import('../features/account/components/MyOrdersPage'));
const CustomerOrderPage = lazy(() => import('../features/account/components/OrderPage'));
const OrderReviewPage = lazy(() => import('../features/account/components/OrderReviewPage'));
const CartPage = lazy(() => import('../features/cart/components/CartPage'));
const OrderPage = lazy(() => import('../features/order/components/OrderPage'));

/** The storefront's routes (the seed's table); any unknown path goes to /404. */
export default function AppRoutes() {
  return (
    <Suspense fallback={<Loader />}>
      <Routes>
        <Route path="/" element={<HomeRedirect />} />
        <Route path="/category/:path" element={<CategoryPage />} />
        <Route path="/category/:path/:offset" element={<ProductListPage />} />
        <Route path="/category/:path/item/:itemId" element={<ItemPage />} />
        <Route path="/product/:productId" element={<LegacyProductPage />} />
        <Route path="/search/word/:word/:offset" element={<SearchPage />} />
        <Route path="/search/word/:word" element={<SearchPage />} />
        <Route path="/filters/:path" element={<FiltersPage />} />
        <Route path="/filters/:path/:filterId" element={<FilterValuesPage />} />
        <Route path="/favourites" element={<FavouritesPage />} />
        <Route path="/map" element={<MapPage />} />
        <Route path="/success_payment" element={<SuccessPaymentPage />} />
        <Route path="/fail_payment" element={<FailPaymentPage />} />
        <Route path="/login" element={<SignInPage />} />
        <Route path="/my_orders" element={<MyOrdersPage />} />
        <Route path="/order/:orderId" element={<CustomerOrderPage />} />
        <Route path="/order/:orderId/review" element={<OrderReviewPage />} />
        <Route path="/cart" element={<CartPage />} />
        <Route path="/order" element={<OrderPage />} />
        {INFO_PAGES.map((p) => (
          <Route key={p} path={`/${p}`} element={<InfoPage page={p} />} />
        ))}
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="/401" element={<UnauthorizedPage />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}
