import type { Readable } from 'node:stream';

/* What the YML parser (parseYml.ts) reads and reports. */

/** Anything the parser can read: a Node stream, an (async) iterable of chunks, or a whole document. */
export type YmlInput =
  | Readable
  | AsyncIterable<string | Uint8Array>
  | Iterable<string | Uint8Array>
  | string
  | Uint8Array;

export interface YmlDeliveryOption {
  cost: string;
  days: string;
  /** Hour (0–24) of the `order-before` attribute, when given. */
  orderBefore?: string;
}

export interface YmlShop {
  name: string;
  company: string;
  url: string;
  platform?: string;
  version?: string;
  agency?: string;
  email?: string;
  /** Shop-wide `<delivery-options>`; offers without their own inherit the first one. */
  deliveryOptions: YmlDeliveryOption[];
  /** Shop-wide `<pickup-options>`; offers without their own inherit the first one. */
  pickupOptions: YmlDeliveryOption[];
}

export interface YmlCurrency {
  /** Upper-cased currency code as the feed writes it (RUR, RUB, USD, …). */
  id: string;
  /** A number as string, or a bank code such as CBRF / NBU / NBK / CB. Missing rate gives '1'. */
  rate: string;
  /** The optional `plus` attribute (percent added to a bank rate). */
  plus?: string;
}

export interface YmlCategory {
  id: string;
  /** Parent category id; null for a top-level category (also for undeclared parents, with a warning). */
  parentId: string | null;
  name: string;
}

export interface YmlParam {
  name: string;
  unit?: string;
  value: string;
}

/** The YML offer types we know; any other `type` attribute is passed through as written. */
export type YmlOfferType =
  | 'common'
  | 'vendor.model'
  | 'book'
  | 'audiobook'
  | 'artist.title'
  | 'tour'
  | 'event-ticket'
  | (string & {});

/**
 * One offer. Every value is a trimmed string with entities decoded and CDATA kept as text; names and
 * other one-line fields have their inner whitespace collapsed. Booleans are '1' / '0'.
 */
export interface YmlOffer {
  /** The feed's own offer id (attribute `id`). */
  id: string;
  /** Attribute `type`; 'common' when absent (simplified offer). */
  type: YmlOfferType;
  /** Attribute `available`; absent means '1'. */
  available: '1' | '0';
  /** Attribute `group_id` (variants of one product). */
  groupId?: string;
  /** Attribute `bid`. */
  bid?: string;

  // Common fields
  name?: string;
  /** `<name_1c>` or `<oneCName>`. */
  oneCName?: string;
  model?: string;
  vendor?: string;
  typePrefix?: string;
  vendorCode?: string;
  url?: string;
  /** Decimal with a dot; '0' when missing or not a number (with a warning). */
  price: string;
  oldprice?: string;
  enable_auto_discounts?: string;
  currencyId?: string;
  categoryId?: string;
  /** Up to 10 picture URLs as written in the feed (absolute or relative). */
  pictures: string[];
  /** Attribute `ogrn` of `<supplier>`, else its text. */
  supplier?: string;
  delivery?: string;
  pickup?: string;
  /** From `<store>`: the product can be bought in a brick-and-mortar shop. */
  shop?: string;
  delivery_options_cost?: string;
  delivery_options_days?: string;
  delivery_options_order_before?: string;
  pickup_options_cost?: string;
  pickup_options_days?: string;
  pickup_options_order_before?: string;
  local_delivery_days?: string;
  local_delivery_cost?: string;
  local_pickup_days?: string;
  local_pickup_cost?: string;
  /** Inner HTML as text (CDATA content verbatim, escaped markup decoded, nested elements re-serialised). */
  description?: string;
  sales_notes?: string;
  /** From `<min-quantity>`. */
  min_quantity?: string;
  /** '1' / '0'; an ISO 8601 period such as P1Y also gives '1' (the period stays in extra.warranty_period). */
  manufacturer_warranty?: string;
  country_of_origin?: string;
  adult?: string;
  /** Several `<barcode>` elements are joined with ','. */
  barcode?: string;
  /** Attribute `type` of `<condition>`. */
  conditionType?: string;
  /** `<condition><reason>`. */
  conditionReason?: string;
  /** Attribute `id` of `<credit-template>`. */
  creditTemplate?: string;
  expiry?: string;
  weight?: string;
  /** From `<dimensions>L/W/H</dimensions>`. */
  length?: string;
  width?: string;
  height?: string;
  downloadable?: string;
  year?: string;
  month?: string;

  // book, audiobook
  author?: string;
  publisher?: string;
  series?: string;
  ISBN?: string;
  volume?: string;
  part?: string;
  language?: string;
  binding?: string;
  page_extent?: string;
  table_of_contents?: string;
  performed_by?: string;
  performance_type?: string;
  storage?: string;
  format?: string;
  recording_length?: string;

  // artist.title
  artist?: string;
  title?: string;
  media?: string;
  starring?: string;
  director?: string;
  originalName?: string;
  country?: string;

  // tour
  worldRegion?: string;
  region?: string;
  days?: string;
  dataTour?: string[];
  hotel_stars?: string;
  room?: string;
  meal?: string;
  included?: string;
  transport?: string;
  price_min?: string;
  price_max?: string;
  options?: string;

  // event-ticket
  place?: string;
  hall?: string;
  /** `<hall_part>` or the `part` attribute of `<hall>`. */
  hall_part?: string;
  date?: string;
  is_premiere?: string;
  is_kids?: string;

  /** `<param name unit>value</param>`, in feed order. */
  params: YmlParam[];
  /** Elements we do not map (their text) and unmapped offer attributes (key '@name'). */
  extra: Record<string, string>;
}

export type Awaitable<T> = T | Promise<T>;

export interface YmlHandlers {
  /** Called once, before currencies, categories and offers. */
  onShop?: (shop: YmlShop) => Awaitable<void>;
  onCurrency?: (currency: YmlCurrency) => Awaitable<void>;
  /** Called when `</categories>` is read, parents before children. */
  onCategory?: (category: YmlCategory) => Awaitable<void>;
  /** `repeated`: an offer of the same id came earlier in the feed (also warned). */
  onOffer?: (offer: YmlOffer, repeated: boolean) => Awaitable<void>;
  /** Each warning as it happens (the result keeps at most `maxWarnings` of them). */
  onWarning?: (message: string) => void;
}

export interface ParseYmlOptions {
  /** Stops the parse between chunks; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** How many warnings the result keeps (default 500); the rest are counted in a final line. */
  maxWarnings?: number;
}

export interface ParseYmlResult {
  /** The `date` attribute of `<yml_catalog>`. */
  date: string | null;
  shop: YmlShop;
  currencies: YmlCurrency[];
  /** Every category, parents before children. */
  categoryList: YmlCategory[];
  /** Number of offers passed to onOffer. */
  offers: number;
  /** Number of categories. */
  categories: number;
  warnings: string[];
}

/** A fatal feed error; the message reads `YML error at line L, column C: …`. */
export class YmlError extends Error {
  readonly line: number;
  readonly column: number;
  constructor(reason: string, line: number, column: number) {
    super(`YML error at line ${line}, column ${column}: ${reason}`);
    this.name = 'YmlError';
    this.line = line;
    this.column = column;
  }
}
