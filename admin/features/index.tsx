import type { ReactElement } from 'react';
import type { ResourceDefinition } from '../components/buildResource';
import * as banners from './banners';
import * as catalogue from './catalogue';
import * as ingredients from './ingredients';
import * as notifications from './notifications';
import * as orders from './orders';
import * as places from './places';
import * as promo from './promo';
import * as questions from './questions';
import * as stores from './stores';
import * as yml from './yml';

/**
 * The panel's features, one folder each (admin/features/<feature>/): its react-admin resources
 * ({name, list, edit, create, icon}) and its screens at the seed's own paths. App.tsx only spreads these.
 */

/** Every resource of the panel, in menu order. */
export const RESOURCES: ResourceDefinition[] = [orders.orders, questions.questions, catalogue.offers, catalogue.categories, promo.promo, ingredients.ingredients, places.places, notifications.notifications];

/** The seed's screens at their own paths under /admin (custom routes inside the layout). */
export const ROUTES: ReactElement[] = [...catalogue.routes, ...stores.routes, ...banners.routes, ...places.routes, ...promo.routes, ...ingredients.routes, ...yml.routes];

/** Screens without the panel's menu and bar (the printable order sheet). */
export const BARE_ROUTES: ReactElement[] = [...orders.bareRoutes];
