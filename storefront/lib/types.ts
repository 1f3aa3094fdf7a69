import type { ApiObjectOf, Present } from '../../schemas/field';
import type { BannerApi } from '../../schemas/banner';
import type { offerSchema, OfferVariant } from '../../schemas/offer';
import type { placeSchema } from '../../schemas/place';
import type { storeSchema } from '../../schemas/store';

export type { OfferVariant };

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
    /** The params the offers of its YML group differ in (a size, a colour), with `variants`. */
    dimensions?: string[];
    /** The offers of its group, itself among them (server/features/catalogue/variants.ts). */
    variants?: OfferVariant[];
    [field: string]: unknown;
  };


/** The shop (api=stores): its registry fields, grouped ones nested (controls, required_fields, colors). */
export type StoreSettings = Present<ApiObjectOf<typeof storeSchema>, 'id' | 'userId' | 'name'> & { [field: string]: unknown };

/** A banner (api=shop_banners, or inlined in index.html): its one declaration in schemas/banner.ts. */
export type Banner = BannerApi;

/** A cart line as stored under localStorage 'Cart': the card's fields it shows, its quantity and state. */
export type CartLine = Pick<OfferCard, 'id' | 'categoryId' | 'name' | 'price' | 'typePrefix' | 'currencyId' | 'thumb' | 'images'> & {
  quantity: number;
  /** The seed's flag: the product cannot be ordered now (the cart-items call or the stop list said so). */
  isDisabledItem?: boolean;
};

/** A place (GET /rest/places): its registry fields (placeToApi), with its id and name always there. */
export type Place = Present<ApiObjectOf<typeof placeSchema>, 'id' | 'name'> & { sort?: number | null };
