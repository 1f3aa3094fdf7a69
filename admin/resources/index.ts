import { offers } from './offers';
import { offersCategory } from './offers_category';
import type { ResourceDefinition } from './buildResource';

/** Every resource of the panel, in menu order. */
export const RESOURCES: ResourceDefinition[] = [offers, offersCategory];
