import type { ApiObjectOf, Present } from '../../schemas/field';
import type { offerSchema } from '../../schemas/offer';
import type { storeSchema } from '../../schemas/store';

/**
 * Shapes of the api= answers the storefront reads (the *.api.ts files in server/features). Offers and the
 * store's settings are inferred from their declarations in schemas/ (ApiObjectOf): a field added or retyped
 * there changes these types, so the storefront cannot drift from the registry.
 */
type OfferValues = ApiObjectOf<typeof offerSchema>;
/** A catalogue card, the list form of an offer (server catalogue offerCard): the registry's offer fields it carries. */
export type OfferCard = Present<Pick<OfferValues, (typeof CARD_FIELDS)[number]>, 'id' | 'name' | 'price' | 'categoryId'> & {
  mainCatId?: string;
  shopId?: string;
  images?: string[];
};
const CARD_FIELDS = ['id', 'type', 'name', 'vendor', 'model', 'typePrefix', 'price', 'oldprice', 'currencyId', 'categoryId', 'picture', 'thumb', 'available'] as const;

export interface OfferImage {
  id: string;
  img: string;
  thumb?: string;
}

export interface OfferParam {
  baseId: number | string;
  name: string;
  kind: string;
  unit?: string | null;
  value: string;
  valueName?: string | null;
}

/** The full item (api=offers id): every registry field of its type, its pictures and its parameters. */
export type Offer = Omit<OfferCard, 'images'> &
  Omit<OfferValues, keyof OfferCard | 'images'> & {
    images: OfferImage[];
    params?: OfferParam[];
    [field: string]: unknown;
  };

/** The shop (api=stores): its registry fields, grouped ones nested (controls, required_fields, colors). */
export type StoreSettings = Present<ApiObjectOf<typeof storeSchema>, 'id' | 'userId' | 'name'> & { [field: string]: unknown };

export interface Banner {
  id: string;
  link?: string | null;
  img?: string | null;
  thumb?: string | null;
  video?: string | null;
  width?: string | null;
  sort?: string | number | null;
}

/** A cart line as stored under localStorage 'Cart'. */
export interface CartLine {
  id: string;
  categoryId: string;
  name: string;
  typePrefix?: string | null;
  price: number;
  quantity: number;
  currencyId?: string;
  images?: string[];
  /** The small picture of the cart line. */
  thumb?: string | null;
  /** The seed's flag: the product cannot be ordered now (the cart-items call or the stop list said so). */
  isDisabledItem?: boolean;
}

/** A pick-up place (GET /rest/places). */
export interface PlaceDay {
  from: string;
  to: string;
  isWeekend: boolean;
}
export interface Place {
  id: number | string;
  name: string;
  country?: string | null;
  city?: string | null;
  address?: string | null;
  latitude?: string | null;
  longitude?: string | null;
  phone?: string | null;
  week?: Partial<Record<string, PlaceDay>> | null;
  coords?: [number, number][] | null;
  sort?: number | null;
}
