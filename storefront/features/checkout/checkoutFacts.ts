import { orderDelivery, orderSums, orderTerms, type CheckoutFacts } from '../../../schemas/rules/checkout';
import type { OrderSums } from '../../../schemas/rules/order';
import { shopDeliveryTerms, zoneTermsOf, type DeliveryTerms } from '../../../schemas/rules/zoneTerms';
import type { LocalTime } from '../../../schemas/rules/hours';
import { minSumOf } from '../../../schemas/rules/order';
import { zoneOf } from '../../../schemas/rules/zones';
import type { CartLine, Place, StoreSettings } from '../../lib/types';
import type { PromoState } from '../promo/public';
import { changeShown, effectiveChoices, phoneToSend, usesMap, type OrderFormValues } from './orderLogic';

/**
 * The facts of the order the customer is about to send, as the storefront knows them: the cart's lines
 * (flagged unavailable by the shop's answers), the places (GET /rest/places), the store's settings
 * (api=stores), the form, the map's point and the promo code as the shop judged it. The server gathers
 * the same facts from its database; both ask schemas/rules/checkout.ts checkOrder.
 */
export interface CheckoutState {
  form: OrderFormValues;
  store: StoreSettings | null;
  lines: readonly CartLine[];
  /** The delivery point chosen on /map. */
  point: { address: string; coords: [number, number] } | null;
  places: readonly Place[];
  promo: PromoState;
  now: Pick<LocalTime, 'day' | 'minutes'>;
  ios: boolean;
  /** A session of this phone is kept (signed in with it, or checked by SMS for it). */
  phoneVerified: boolean;
}

export function checkoutFacts(s: CheckoutState): CheckoutFacts {
  const { form, store } = s;
  const { payment, receiving } = effectiveChoices(form, store);
  const delivery = receiving === 'delivery';
  const map = usesMap(store);
  return {
    lines: s.lines.filter((l) => l.quantity > 0).map((l) => ({ id: String(l.id), price: Number(l.price), quantity: l.quantity, available: !l.isDisabledItem })),
    shop: {
      required: store?.required_fields as Record<string, unknown> | undefined,
      minSum: minSumOf(store),
      deliveryCost: shopDeliveryTerms(store).deliveryCost,
      freeDeliveryFrom: shopDeliveryTerms(store).freeFrom,
      stopPurchase: (store?.controls as Record<string, unknown> | undefined)?.stop_purchase === '1',
      usesMap: map,
      onlinePayment: store?.online_payment === '1',
      smsCheck: store?.sms_check === '1',
    },
    receiving,
    // The form always names one (delivery unless the customer picks pickup: the seed's default).
    receivingChosen: true,
    payment: payment || null,
    point: delivery && map && s.point ? s.point.coords : null,
    places: s.places.map((p) => ({ id: p.id, zone: zoneOf(p.coords), week: p.week, terms: zoneTermsOf(p) })),
    placeId: !delivery && form.place_id ? form.place_id : null,
    now: s.now,
    fields: {
      client_name: form.client_name,
      client_phone: phoneToSend(form.client_phone, s.ios),
      client_address: map ? (s.point?.address ?? '') : form.client_address,
      client_house: form.client_house,
      client_entrance: form.client_entrance,
      client_appart: form.client_appart,
      client_flat: form.client_flat,
      client_change: changeShown(store, payment) ? form.client_change : null,
      client_comment: form.client_comment,
    },
    // A proved code is sent with what the shop said of it; a refused one is not sent at all.
    promo: s.promo.code && s.promo.status === 'proved' ? { kind: s.promo.kind, percent: s.promo.discount, amount: s.promo.amount, refusal: null, condition: s.promo.condition } : null,
    phoneVerified: s.phoneVerified,
  };
}

/**
 * What the page shows as the server will charge it: the sums of the orderable lines with the promo that
 * applies (percent, fixed sum), the delivery (the zone's terms, else the shop's; 0 with a free-delivery code)
 * and those terms.
 */
export function checkoutPreview(s: CheckoutState): { sums: OrderSums; delivery: number; terms: DeliveryTerms } {
  const facts = checkoutFacts(s);
  const orderable = { ...facts, lines: facts.lines.filter((l) => l.available) };
  return { sums: orderSums(orderable), delivery: orderDelivery(orderable), terms: orderTerms(facts) };
}
