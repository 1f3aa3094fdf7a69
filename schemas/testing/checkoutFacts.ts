/**
 * Test helper (imported by `*.test.ts` files only): the checkout rules' facts (schemas/rules/checkout.ts) of a
 * plain order, for each test file to lay what its tests are about over.
 */
import type { CheckoutFacts } from '../rules/checkout';

/**
 * Анна's cash delivery order, her name, phone and address filled, no promo, no SMS session, on Monday at noon:
 * 2 × 400 of goods; a shop delivering for 200, free from 3000, with no minimum; no places and no point on
 * the map. `over` replaces whole keys.
 */
export const orderFacts = (over: Partial<CheckoutFacts> = {}): CheckoutFacts => ({
  lines: [{ id: 'a', price: 400, quantity: 2, available: true }],
  shop: { required: {}, minSum: 0, deliveryCost: 200, freeDeliveryFrom: 3000, stopPurchase: false, usesMap: true, onlinePayment: true, smsCheck: false },
  receiving: 'delivery',
  receivingChosen: true,
  payment: 'cash',
  point: null,
  places: [],
  placeId: null,
  now: { day: 'monday', minutes: 720 },
  fields: { client_name: 'Анна', client_phone: '+7 (999) 123-45-67', client_address: 'Невский, 1' },
  promo: null,
  phoneVerified: false,
  ...over,
});
