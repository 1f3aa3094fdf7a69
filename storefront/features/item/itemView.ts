import { formatPrice } from '../../../schemas/rules/money';
import type { Offer, OfferParam, OfferVariant } from '../../lib/types';

/**
 * How an item's fields read on the item page: which properties show in which group, booleans as
 * 'Да'/'Нет', custom params by kind, delivery terms.
 */
export type TextFn = (key: string, vars?: Record<string, string | number>) => string;
export type PluralFn = (key: string, n: number, vars?: Record<string, string | number>) => string;

export interface Property {
  key: string;
  label: string;
  value: string;
}

/** The three key groups (main, the type's own fields, weight and size); the custom params follow them. */
const MAIN = ['vendor', 'model', 'vendorCode', 'country_of_origin', 'manufacturer_warranty', 'barcode', 'sales_notes', 'min_quantity', 'expiry', 'adult', 'downloadable'];
const SIZE = ['weight', 'dimensions'];
const BOOLEAN = new Set(['manufacturer_warranty', 'adult', 'downloadable', 'is_premiere', 'is_kids']);
const PRICES = new Set(['price_min', 'price_max']);

/** The type-specific fields of the YML offer types, in reading order. */
export const TYPE_FIELDS: Record<string, string[]> = {
  book: ['author', 'publisher', 'series', 'year', 'ISBN', 'volume', 'part', 'language', 'binding', 'page_extent', 'table_of_contents'],
  audiobook: ['author', 'publisher', 'series', 'year', 'ISBN', 'volume', 'part', 'language', 'performed_by', 'performance_type', 'storage', 'format', 'recording_length', 'table_of_contents'],
  'artist.title': ['artist', 'title', 'year', 'media', 'starring', 'director', 'originalName', 'country'],
  tour: ['worldRegion', 'country', 'region', 'days', 'dataTour', 'hotel_stars', 'room', 'meal', 'included', 'transport', 'price_min', 'price_max', 'options'],
  'event-ticket': ['place', 'hall', 'hall_part', 'date', 'is_premiere', 'is_kids'],
  'vendor.model': ['year'],
  common: ['year'],
};

/** 'Да' for '1', 'Нет' for '0', else nothing (the seed's transform). */
export function yesNo(v: unknown, t: TextFn): string {
  if (v === '1' || v === 1 || v === true) return t('common.yes');
  if (v === '0' || v === 0 || v === false) return t('common.no');
  return '';
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v).replace('.', ',') : String(v).trim());

function field(item: Offer, key: string, t: TextFn): Property | null {
  let value: string;
  if (key === 'dimensions') {
    const dims = [item.length, item.width, item.height].map(text);
    value = dims.every(Boolean) ? dims.join(' × ') : '';
  } else if (PRICES.has(key)) value = formatPrice(item[key] as number | string | null, item.currencyId);
  else value = BOOLEAN.has(key) ? yesNo(item[key], t) : text(item[key]);
  return value ? { key, label: t(`props.${key}`), value } : null;
}

export function mainProperties(item: Offer, t: TextFn): Property[] {
  return MAIN.map((k) => field(item, k, t)).filter((p): p is Property => p !== null);
}

export function sizeProperties(item: Offer, t: TextFn): Property[] {
  return SIZE.map((k) => field(item, k, t)).filter((p): p is Property => p !== null);
}

export function typeProperties(item: Offer, t: TextFn): Property[] {
  const shown = new Set([...MAIN, ...SIZE]);
  return (TYPE_FIELDS[String(item.type)] ?? [])
    .filter((k) => !shown.has(k))
    .map((k) => field(item, k, t))
    .filter((p): p is Property => p !== null);
}

/** A custom param's value: bool '1' → 'Да' else 'Нет'; select → the option's name; numbers with their unit. */
export function paramValue(p: OfferParam, t: TextFn): string {
  if (p.kind === 'bool') return p.value === '1' ? t('common.yes') : t('common.no');
  if (p.kind === 'select') return text(p.valueName ?? p.value);
  const v = text(p.kind === 'float' ? (p.valueName ?? p.value).replace('.', ',') : (p.valueName ?? p.value));
  return v && p.unit && (p.kind === 'number' || p.kind === 'float') ? `${v} ${p.unit}` : v;
}

export function paramProperties(item: Offer, t: TextFn): Property[] {
  return (item.params ?? [])
    .filter((p) => p && p.value !== null && p.value !== undefined && p.value !== '')
    .map((p) => ({ key: `param-${p.baseId}-${p.name}`, label: p.name, value: paramValue(p, t) }))
    .filter((p) => p.value);
}

/** 'до завтра' for 0, 'завтра' for 1, 'N дня' / 'N дней' (the number's plural form; a range '2-4' by its last number). */
export function daysText(days: unknown, t: TextFn, plural: PluralFn): string {
  const s = text(days);
  if (!s) return '';
  if (s === '0') return t('item.days_0');
  if (s === '1') return t('item.days_1');
  const last = Number(s.split('-').at(-1));
  if (!Number.isFinite(last)) return s;
  return plural('item.days', last, { n: s });
}

export interface Terms {
  kind: 'delivery' | 'pickup';
  cost: number | null;
  days: string;
  orderBefore: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null);

/** The delivery and pickup blocks (shown when the item's delivery / pickup is '1'). */
export function termsOf(item: Offer, t: TextFn, plural: PluralFn): Terms[] {
  const out: Terms[] = [];
  if (item.delivery === '1')
    out.push({ kind: 'delivery', cost: num(item.delivery_options_cost ?? item.local_delivery_cost), days: daysText(item.delivery_options_days ?? item.local_delivery_days, t, plural), orderBefore: num(item.delivery_options_order_before) });
  if (item.pickup === '1')
    out.push({ kind: 'pickup', cost: num(item.pickup_options_cost ?? item.local_pickup_cost), days: daysText(item.pickup_options_days ?? item.local_pickup_days, t, plural), orderBefore: num(item.pickup_options_order_before) });
  return out;
}

/** A product the shop no longer sells (hidden: e.g. its feed dropped it): its page says so and sells nothing. */
export const isRetired = (item: Pick<Offer, 'id'> & { active?: unknown }): boolean => item.active === false || item.active === 0 || item.active === '0';

/** The category's other products shown under a retired one: at most `max`, never itself. */
export const relatedCards = <T extends { id: string | number }>(cards: T[], itemId: string, max = 8): T[] => cards.filter((c) => String(c.id) !== itemId).slice(0, max);

export interface VariantChoice {
  value: string;
  /** The variant a tap opens: this value with the item's other choices kept where the group has it. */
  variant: OfferVariant;
  current: boolean;
}

/**
 * The item's variant picker: a row of choices a dimension (its param's values in the group's order), or one row
 * of the variants by name when they differ in no param. A value whose exact combination the group lacks opens
 * its first available variant.
 */
export function variantChoices(item: Offer): { dimension: string | null; choices: VariantChoice[] }[] {
  const variants = item.variants ?? [];
  if (variants.length < 2) return [];
  const self = variants.find((v) => v.id === String(item.id));
  if (!self) return [];
  const dimensions = item.dimensions ?? [];
  if (!dimensions.length) return [{ dimension: null, choices: variants.map((v) => ({ value: v.name, variant: v, current: v === self })) }];
  return dimensions.map((d) => {
    const values = [...new Set(variants.map((v) => v.options[d]))].filter((v) => v !== '');
    return {
      dimension: d,
      choices: values.map((value) => {
        const same = variants.filter((v) => v.options[d] === value);
        const exact = same.find((v) => dimensions.every((o) => o === d || v.options[o] === self.options[o]));
        const variant = value === self.options[d] ? self : (exact ?? same.find((v) => v.available === '1') ?? same[0]);
        return { value, variant, current: variant === self };
      }),
    };
  });
}
