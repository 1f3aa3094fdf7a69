/** Shapes of the api= answers the storefront reads (docs: /work/shared briefs, server/api/handlers). */
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
}
