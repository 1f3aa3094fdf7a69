import { lazy } from 'react';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import type { ResourceDefinition } from '../buildResource';
import { OfferList } from './OfferList';

/** Products: a custom list (thumbnail, price, availability, category filter); forms load on demand. */
export const offers: ResourceDefinition = {
  name: 'offers',
  list: OfferList,
  edit: lazy(() => import('./OfferForms').then((m) => ({ default: m.OfferEdit }))),
  create: lazy(() => import('./OfferForms').then((m) => ({ default: m.OfferCreate }))),
  icon: Inventory2Outlined,
  recordRepresentation: 'name',
};
