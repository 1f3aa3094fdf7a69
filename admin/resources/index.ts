import { offers } from './offers';
import { offersCategory } from './offers_category';
import { ingredients } from './ingredients';
import { promoCodes } from './promo_codes';
import { places } from './places';
import type { ResourceDefinition } from './buildResource';

/** Every resource of the panel, in menu order. */
export const RESOURCES: ResourceDefinition[] = [offers, offersCategory, promoCodes, ingredients, places];
