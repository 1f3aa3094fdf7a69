/** Shapes of the api= answers the storefront reads (docs: /work/shared briefs, the *.api.ts files in server/features). */
export interface OfferCard {
  id: string;
  mainCatId?: string;
  shopId?: string;
  type?: string;
  name: string;
  vendor?: string | null;
  model?: string | null;
  typePrefix?: string | null;
  price: number;
  oldprice?: number | null;
  currencyId?: string;
  categoryId: string;
  picture?: string | null;
  thumb?: string | null;
  images?: string[];
  available?: string;
}

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

export interface Offer extends Omit<OfferCard, 'images'> {
  description?: string | null;
  images: OfferImage[];
  params?: OfferParam[];
  [field: string]: unknown;
}

export interface StoreSettings {
  id: number | string;
  userId: number | string;
  name: string;
  phone?: string;
  email?: string;
  logo?: string | null;
  favicon?: string | null;
  title?: string | null;
  custom_css?: string | null;
  about_company?: string | null;
  delivery?: string | null;
  payment?: string | null;
  contacts?: string | null;
  controls?: Record<string, string>;
  required_fields?: Record<string, string>;
  colors?: Record<string, string>;
  /** Checkout settings (api=stores). */
  min_sum?: number | string | null;
  delivery_cost?: number | string | null;
  free_delivery_from?: number | string | null;
  delivery_popup?: string | null;
  pickup_popup?: string | null;
  pay_cash?: string;
  pay_card?: string;
  pay_online?: string;
  /** '1' when card payment on the site works now (pay_online and the acquirer set up); read-only. */
  online_payment?: string;
  timezone?: string | null;
  [field: string]: unknown;
}

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
