import { defineEntity, type FieldInput } from './field';

/** Offer types of the YML format; 'common' is the simplified offer without a type attribute. */
export const OFFER_TYPES = ['common', 'vendor.model', 'book', 'audiobook', 'artist.title', 'tour', 'event-ticket'] as const;
export type OfferType = (typeof OFFER_TYPES)[number];

export const MAX_OFFER_IMAGES = 10;
/** First protocol number of the image slots `p[466_img]` ... `p[475_img]`. */
export const IMAGE_SLOT_FIRST = 466;
/** Base ids of the owner's custom params (`p[<baseId>_param]`, `filter[<baseId>]`). */
export const CUSTOM_PARAM_FIRST = 323;
export const CUSTOM_PARAM_LAST = 386;
/** Base ids of the filters every shop has: shop (pick up in store), price, warranty. */
export const COMMON_FILTERS = { shop: 292, price: 283, warranty: 306 } as const;

const BOOK: OfferType[] = ['book', 'audiobook'];
const opts = (...ids: string[]) => ids.map((id) => ({ id, label: `resources.offers.options.${id}` }));

const fields = [
  { no: 478, key: 'offer_id', name: 'id', type: 'varchar', readOnly: true, column: 'id', maxLength: 80 },
  { no: 274, key: 'store_id', name: 'shopId', type: 'number', readOnly: true, column: 'store_id' },
  { no: 275, key: 'type', type: 'select', required: true, default: 'common', options: opts(...OFFER_TYPES), column: 'type' },
  { no: 276, key: 'name', type: 'varchar', maxLength: 500, column: 'name', required: true, offerTypes: ['common', 'book', 'audiobook', 'tour', 'event-ticket', 'vendor.model'], yml: 'text' },
  { no: 277, key: 'oneCName', type: 'varchar', maxLength: 500, yml: 'text', ymlElements: ['name_1c', 'oneCName'] },
  { no: 278, key: 'model', type: 'varchar', maxLength: 500, offerTypes: ['vendor.model', 'common'], yml: 'text' },
  { no: 279, key: 'vendor', type: 'varchar', maxLength: 200, column: 'vendor', yml: 'text' },
  { no: 280, key: 'typePrefix', type: 'varchar', maxLength: 200, yml: 'text' },
  { no: 281, key: 'vendorCode', type: 'varchar', maxLength: 200, yml: 'text' },
  { no: 282, key: 'oldprice', type: 'float', min: 0, column: 'oldprice' },
  { no: 283, key: 'price', type: 'float', required: true, min: 0, max: 1e12, column: 'price' },
  { no: 284, key: 'currencyId', type: 'select', default: 'RUR', options: opts('RUR', 'RUB', 'USD', 'EUR', 'UAH', 'BYN', 'KZT'), yml: 'text' },
  { no: 285, key: 'secondaryId', type: 'varchar', maxLength: 200 },
  { no: 286, key: 'bid', type: 'number', min: 0 },
  { no: 287, key: 'categoryId', type: 'varchar', required: true, maxLength: 80, column: 'category_id', yml: 'text' },
  { no: 288, key: 'url', type: 'url', maxLength: 2000, yml: 'text' },
  { no: 289, key: 'enable_auto_discounts', type: 'bool', yml: 'lenientBool' },
  { no: 290, key: 'supplier', type: 'varchar', maxLength: 200 },
  { no: 291, key: 'delivery', type: 'bool', default: true, yml: 'bool' },
  { no: 292, key: 'shop', type: 'bool', default: false, yml: 'bool', ymlElements: ['store'], column: 'shop' },
  { no: 293, key: 'pickup', type: 'bool', default: true, yml: 'bool' },
  { no: 294, key: 'delivery_options_cost', type: 'float', min: 0 },
  { no: 295, key: 'delivery_options_days', type: 'varchar', maxLength: 20 },
  { no: 296, key: 'delivery_options_order_before', type: 'number', min: 0, max: 24 },
  { no: 297, key: 'pickup_options_cost', type: 'float', min: 0 },
  { no: 298, key: 'pickup_options_days', type: 'varchar', maxLength: 20 },
  { no: 299, key: 'pickup_options_order_before', type: 'number', min: 0, max: 24 },
  { no: 300, key: 'local_delivery_days', type: 'varchar', maxLength: 20, yml: 'text' },
  { no: 301, key: 'local_delivery_cost', type: 'float', min: 0, yml: 'text' },
  { no: 302, key: 'local_pickup_days', type: 'varchar', maxLength: 20, yml: 'text' },
  { no: 303, key: 'local_pickup_cost', type: 'float', min: 0, yml: 'text' },
  { no: 304, key: 'description', type: 'wysiwyg', maxLength: 100_000, rows: 10, yml: 'multiline' },
  { no: 305, key: 'sales_notes', type: 'varchar', maxLength: 500, yml: 'text' },
  { no: 306, key: 'manufacturer_warranty', type: 'bool', column: 'manufacturer_warranty' },
  { no: 307, key: 'min_quantity', type: 'number', min: 1, yml: 'text', ymlElements: ['min-quantity', 'min_quantity'] },
  { no: 308, key: 'country_of_origin', type: 'varchar', maxLength: 200, yml: 'text' },
  { no: 309, key: 'adult', type: 'bool', yml: 'bool' },
  { no: 310, key: 'barcode', type: 'varchar', maxLength: 200, yml: 'text' },
  { no: 311, key: 'conditionType', type: 'select', options: opts('likenew', 'used') },
  { no: 312, key: 'conditionReason', type: 'varchar', maxLength: 3000 },
  { no: 313, key: 'creditTemplate', type: 'varchar', maxLength: 200 },
  { no: 314, key: 'expiry', type: 'varchar', maxLength: 50, yml: 'text' },
  { no: 315, key: 'weight', type: 'float', min: 0, yml: 'text' },
  { no: 316, key: 'length', type: 'float', min: 0 },
  { no: 317, key: 'width', type: 'float', min: 0 },
  { no: 318, key: 'height', type: 'float', min: 0 },
  { no: 319, key: 'downloadable', type: 'bool', yml: 'bool' },
  { no: 320, key: 'available', type: 'bool', default: true, column: 'available' },
  { no: 321, key: 'year', type: 'number', min: 0, max: 9999, offerTypes: ['book', 'audiobook', 'artist.title', 'common', 'vendor.model'], yml: 'text' },
  { no: 322, key: 'month', type: 'number', min: 1, max: 12, yml: 'text' },
  { no: 560, key: 'groupId', type: 'varchar', maxLength: 80, column: 'group_id' },
  { no: 561, key: 'mainCatId', type: 'varchar', readOnly: true },
  { no: 562, key: 'active', type: 'bool', default: true, column: 'active' },
  { no: 563, key: 'deleted', type: 'bool', default: false, readOnly: true, column: 'deleted' },
  { no: 564, key: 'picture', type: 'image', readOnly: true, column: 'picture' },
  { no: 565, key: 'thumb', type: 'image', readOnly: true, column: 'thumb' },
  { no: 566, key: 'user_id', name: 'userId', type: 'number', readOnly: true },
  { no: 567, key: 'sort', type: 'number', default: 0, column: 'sort' },
  // Units in stock: empty is unlimited; an order takes its quantity off in its transaction, a cancelled one
  // gives it back; at 0 the product cannot be ordered (server/features/catalogue/stock.ts).
  { no: 568, key: 'stock', type: 'number', min: 0, max: 1e9, column: 'stock' },
  // For search engines: the item page's <title> and meta description; empty, they are made from the name and
  // the description (server/features/seo/seo.ts). The owner edits them in the item editor's SEO section.
  { no: 650, key: 'seo_title', type: 'varchar', maxLength: 120 },
  { no: 651, key: 'seo_description', type: 'textarea', maxLength: 320, rows: 3 },
  // Book and audiobook
  { no: 600, key: 'author', type: 'varchar', maxLength: 500, offerTypes: BOOK, yml: 'text' },
  { no: 601, key: 'publisher', type: 'varchar', maxLength: 500, offerTypes: BOOK, yml: 'text' },
  { no: 602, key: 'series', type: 'varchar', maxLength: 500, offerTypes: BOOK, yml: 'text' },
  { no: 603, key: 'ISBN', type: 'varchar', maxLength: 100, offerTypes: BOOK, yml: 'text' },
  { no: 604, key: 'volume', type: 'number', min: 0, offerTypes: BOOK, yml: 'text' },
  { no: 605, key: 'part', type: 'number', min: 0, offerTypes: BOOK, yml: 'text' },
  { no: 606, key: 'language', type: 'varchar', maxLength: 100, offerTypes: BOOK, yml: 'text' },
  { no: 607, key: 'binding', type: 'varchar', maxLength: 100, offerTypes: ['book'], yml: 'text' },
  { no: 608, key: 'page_extent', type: 'number', min: 0, offerTypes: ['book'], yml: 'text' },
  { no: 609, key: 'table_of_contents', type: 'textarea', maxLength: 10_000, offerTypes: BOOK, yml: 'multiline' },
  { no: 610, key: 'performed_by', type: 'varchar', maxLength: 500, offerTypes: ['audiobook'], yml: 'text' },
  { no: 611, key: 'performance_type', type: 'varchar', maxLength: 200, offerTypes: ['audiobook'], yml: 'text' },
  { no: 612, key: 'storage', type: 'varchar', maxLength: 200, offerTypes: ['audiobook'], yml: 'text' },
  { no: 613, key: 'format', type: 'varchar', maxLength: 200, offerTypes: ['audiobook'], yml: 'text' },
  { no: 614, key: 'recording_length', type: 'varchar', maxLength: 50, offerTypes: ['audiobook'], yml: 'text' },
  // Music and video
  { no: 615, key: 'artist', type: 'varchar', maxLength: 500, offerTypes: ['artist.title'], yml: 'text' },
  { no: 616, key: 'title', type: 'varchar', maxLength: 500, required: true, offerTypes: ['artist.title'], yml: 'text' },
  { no: 617, key: 'media', type: 'varchar', maxLength: 200, offerTypes: ['artist.title'], yml: 'text' },
  { no: 618, key: 'starring', type: 'varchar', maxLength: 1000, offerTypes: ['artist.title'], yml: 'text' },
  { no: 619, key: 'director', type: 'varchar', maxLength: 500, offerTypes: ['artist.title'], yml: 'text' },
  { no: 620, key: 'originalName', type: 'varchar', maxLength: 500, offerTypes: ['artist.title'], yml: 'text' },
  { no: 621, key: 'country', type: 'varchar', maxLength: 200, offerTypes: ['artist.title', 'tour'], yml: 'text' },
  // Tour
  { no: 622, key: 'worldRegion', type: 'varchar', maxLength: 200, offerTypes: ['tour'], yml: 'text' },
  { no: 623, key: 'region', type: 'varchar', maxLength: 200, offerTypes: ['tour'], yml: 'text' },
  { no: 624, key: 'days', type: 'number', min: 1, required: true, offerTypes: ['tour'], yml: 'text' },
  { no: 625, key: 'dataTour', type: 'textarea', maxLength: 2000, offerTypes: ['tour'] },
  { no: 626, key: 'hotel_stars', type: 'varchar', maxLength: 20, offerTypes: ['tour'], yml: 'text' },
  { no: 627, key: 'room', type: 'varchar', maxLength: 100, offerTypes: ['tour'], yml: 'text' },
  { no: 628, key: 'meal', type: 'varchar', maxLength: 100, offerTypes: ['tour'], yml: 'text' },
  { no: 629, key: 'included', type: 'textarea', maxLength: 2000, required: true, offerTypes: ['tour'], yml: 'text' },
  { no: 630, key: 'transport', type: 'varchar', maxLength: 500, required: true, offerTypes: ['tour'], yml: 'text' },
  { no: 631, key: 'price_min', type: 'float', min: 0, offerTypes: ['tour'], yml: 'text' },
  { no: 632, key: 'price_max', type: 'float', min: 0, offerTypes: ['tour'], yml: 'text' },
  { no: 633, key: 'options', type: 'textarea', maxLength: 2000, offerTypes: ['tour'], yml: 'text' },
  // Event ticket
  { no: 634, key: 'place', type: 'varchar', maxLength: 500, required: true, offerTypes: ['event-ticket'], yml: 'text' },
  { no: 635, key: 'hall', type: 'varchar', maxLength: 200, offerTypes: ['event-ticket'] },
  { no: 636, key: 'hall_part', type: 'varchar', maxLength: 200, offerTypes: ['event-ticket'], yml: 'text' },
  { no: 637, key: 'date', type: 'varchar', maxLength: 50, required: true, offerTypes: ['event-ticket'], yml: 'text' },
  { no: 638, key: 'is_premiere', type: 'bool', offerTypes: ['event-ticket'], yml: 'lenientBool' },
  { no: 639, key: 'is_kids', type: 'bool', offerTypes: ['event-ticket'], yml: 'lenientBool' },
  // Image slots p[466_img] .. p[475_img]: files on save, `images` in API objects.
  ...Array.from({ length: MAX_OFFER_IMAGES }, (_, i) => ({
    no: IMAGE_SLOT_FIRST + i,
    key: 'img',
    name: `img${i + 1}`,
    type: 'image' as const,
    group: 'images' as const,
    label: 'resources.offers.fields.images',
  })),
] as const satisfies readonly FieldInput[];

export const offerSchema = defineEntity('offers', 'offers', fields);

/** Whether a field shows for an offer of this type. */
export const fieldAppliesTo = (f: { offerTypes?: readonly string[] }, type: string): boolean =>
  !f.offerTypes || f.offerTypes.includes(type);

export const SORTS = ['default', 'increase', 'descend', 'discount', 'date'] as const;
export type SortId = (typeof SORTS)[number];

/** The fields an offer of this type has: the common ones and its type's own. */
export const offerFieldsFor = (type: string) => offerSchema.fields.filter((f) => fieldAppliesTo(f, type));

/** One offer of an item's YML group (api=offers item `variants`, server/features/catalogue/variants.ts). */
export interface OfferVariant {
  id: string;
  /** Its own item address is under its own category. */
  categoryId: string;
  name: string;
  price: number;
  oldprice: number | null;
  available: '1' | '0';
  thumb: string | null;
  /** The variant's value of each of the group's dimensions ('' when it has none). */
  options: Record<string, string>;
}
