import { offerFieldsFor, type FieldDef } from '../../../schemas';

/**
 * The item editor's sections, in the order an owner works through a product (Shopify's order): what it is,
 * its description, pictures, price, stock, delivery, its category's parameters, how search engines show
 * it, and last, collapsed, every other field a YML feed may carry. One map says where each field goes.
 */
export const ITEM_SECTIONS = ['main', 'description', 'media', 'price', 'stock', 'delivery', 'params', 'seo', 'more'] as const;
export type ItemSection = (typeof ITEM_SECTIONS)[number];

const SECTION_OF: Record<string, ItemSection> = {
  name: 'main',
  title: 'main',
  typePrefix: 'main',
  vendor: 'main',
  model: 'main',
  active: 'main',
  description: 'description',
  price: 'price',
  oldprice: 'price',
  currencyId: 'price',
  available: 'stock',
  stock: 'stock',
  vendorCode: 'stock',
  barcode: 'stock',
  min_quantity: 'stock',
  delivery: 'delivery',
  pickup: 'delivery',
  shop: 'delivery',
  delivery_options_cost: 'delivery',
  delivery_options_days: 'delivery',
  delivery_options_order_before: 'delivery',
  pickup_options_cost: 'delivery',
  pickup_options_days: 'delivery',
  pickup_options_order_before: 'delivery',
  local_delivery_days: 'delivery',
  local_delivery_cost: 'delivery',
  local_pickup_days: 'delivery',
  local_pickup_cost: 'delivery',
  weight: 'delivery',
  length: 'delivery',
  width: 'delivery',
  height: 'delivery',
  seo_title: 'seo',
  seo_description: 'seo',
};

/** Fields with widgets of their own (type radio, category tree, photos) or set by the server are in no section. */
const OWN_WIDGETS = new Set(['type', 'categoryId']);

/** The fields the owner edits for a product of this type. */
export const editableFields = (type: string): FieldDef[] => offerFieldsFor(type).filter((f) => !f.readOnly && !f.group && !OWN_WIDGETS.has(f.name));

/**
 * A field's section: the map's; else 'main' for the fields a type requires or has alone (a book's author, a
 * tour's days); else 'more'.
 */
export function sectionOf(field: FieldDef): ItemSection {
  const mapped = SECTION_OF[field.name];
  if (mapped) return mapped;
  if (field.required) return 'main';
  if (field.offerTypes && !field.offerTypes.includes('common')) return 'main';
  return 'more';
}

/** The fields of one type by section, each in the registry's order. */
export function fieldsBySection(type: string): Record<ItemSection, FieldDef[]> {
  const out = Object.fromEntries(ITEM_SECTIONS.map((s) => [s, [] as FieldDef[]])) as Record<ItemSection, FieldDef[]>;
  for (const f of editableFields(type)) out[sectionOf(f)].push(f);
  return out;
}
