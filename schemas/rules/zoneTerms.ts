import { deliveryCostFor, type Receiving } from './order';

/*
 * Kept apart from zones.ts (which the storefront's first screen reads for its map): only the checkout and
 * the server need a zone's terms.
 */
/**
 * A zone's own delivery terms (schemas/place.ts fields 685-688). Each one left empty (null) falls back to
 * the shop's setting, so a zone with no terms keeps the shop's delivery pricing.
 */
export interface ZoneTerms {
  /** The zone's delivery price. */
  deliveryCost: number | null;
  /** The goods' sum (after the promo) from which delivery into the zone is free; 0 = never free. */
  freeFrom: number | null;
  /** The zone's minimum order sum (replaces the shop's minimum for addresses in the zone). */
  minSum: number | null;
  /** What the shopper is told of the delivery time ("60–90 мин"). */
  time: string | null;
}

/** The shop's own delivery terms: its settings delivery_cost, free_delivery_from, min_sum. */
export interface ShopDeliveryTerms {
  deliveryCost: number;
  freeFrom: number;
  minSum: number;
}

/** The terms an order is delivered on: the zone's where it set them, else the shop's. */
export interface DeliveryTerms extends ShopDeliveryTerms {
  time: string | null;
  /** Whether the minimum is the zone's own (its refusal names the zone's minimum: errors.zone_min_sum). */
  zoneMinimum: boolean;
}

const amount = (v: unknown): number | null => {
  if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** A place's zone terms from its values (stored or answered by /rest/places); absent ones are null. */
export function zoneTermsOf(values: Record<string, unknown> | null | undefined): ZoneTerms {
  const time = typeof values?.delivery_time === 'string' && values.delivery_time.trim() ? values.delivery_time.trim() : null;
  return { deliveryCost: amount(values?.delivery_cost), freeFrom: amount(values?.free_delivery_from), minSum: amount(values?.min_sum), time };
}

/** The shop's terms from its settings (stored or answered by api=stores); bad or missing ones are 0. */
export function shopDeliveryTerms(settings: { delivery_cost?: unknown; free_delivery_from?: unknown; min_sum?: unknown } | null | undefined): ShopDeliveryTerms {
  return { deliveryCost: amount(settings?.delivery_cost) ?? 0, freeFrom: amount(settings?.free_delivery_from) ?? 0, minSum: amount(settings?.min_sum) ?? 0 };
}

/** The terms of a delivery into a zone with these terms (none: the shop's). */
export function deliveryTerms(shop: ShopDeliveryTerms, zone: ZoneTerms | null | undefined): DeliveryTerms {
  return {
    deliveryCost: zone?.deliveryCost ?? shop.deliveryCost,
    freeFrom: zone?.freeFrom ?? shop.freeFrom,
    minSum: zone?.minSum ?? shop.minSum,
    time: zone?.time ?? null,
    zoneMinimum: zone?.minSum !== null && zone?.minSum !== undefined,
  };
}

/** The delivery price of goods worth `goodsTotal` (after the promo): free for pickup, and from the free-from sum when set. */
export function deliveryPrice(terms: Pick<DeliveryTerms, 'deliveryCost' | 'freeFrom'>, goodsTotal: number, receiving: Receiving): number {
  return deliveryCostFor({ delivery_cost: terms.deliveryCost, free_delivery_from: terms.freeFrom }, goodsTotal, receiving);
}
