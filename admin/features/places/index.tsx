import { lazy } from 'react';
import { Navigate, useParams } from 'react-router';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import type { ResourceDefinition } from '../../components/buildResource';
import { screenRoutes } from '../../components/screenRoutes';

/**
 * Places (REST /rest/places) live at the seed's own paths: /place_settings (the list 'Настройка мест') and
 * /place_settings/place/{id} (the editor with its address and zone maps, and the place's orders). The
 * resource stays registered for its name in references (an order's place) and its old paths lead there.
 */
const PlaceList = lazy(() => import('./PlaceList'));
const PlaceEditor = lazy(() => import('./PlaceEditor'));
const AddressMap = lazy(() => import('./map/AddressMap'));
const PolygonMap = lazy(() => import('./map/PolygonMap'));
const PlaceOrders = lazy(() => import('./PlaceOrders'));
const PlaceOrderDetail = lazy(() => import('./PlaceOrderDetail'));

const ToEditor = () => <Navigate to={`/place_settings/place/${useParams().id ?? 'new'}`} replace />;
const ToNew = () => <Navigate to="/place_settings/place/new" replace />;

export const places: ResourceDefinition = {
  name: 'places',
  edit: ToEditor,
  create: ToNew,
  icon: PlaceOutlined,
  recordRepresentation: 'name',
};

export const routes = screenRoutes({
  '/place_settings': PlaceList,
  '/places': '/place_settings',
  '/place_settings/place/:placeId': PlaceEditor,
  '/map/:placeId': AddressMap,
  '/polygon_map/:placeId': PolygonMap,
  '/place_settings/place/:placeId/place_orders': PlaceOrders,
  '/place_settings/place/:placeId/place_orders/:orderId': PlaceOrderDetail,
});
