import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceLines } from '../../server/features/checkout/placeOrder';
import { orderSums } from './checkout';
import { round2 } from './money';
import { cartTotals } from '../../storefront/features/cart/cartLogic';
import { deliveryCostOf } from '../../storefront/features/checkout/orderLogic';
import { deliveryCostFor } from './order';
import type { CartLine, StoreSettings } from '../../storefront/lib/types';

/**
 * The cart and checkout preview (storefront) against what the server charges (orderSums of its facts, the
 * lines priceLines writes, deliveryCostFor) on the same prices: equal for any lines, promo percent, store costs and receiving way.
 */
const price = fc.oneof(fc.integer({ min: 0, max: 500_000 }), fc.integer({ min: 0, max: 5_000_000 }).map((n) => n / 100));
const lineArb = fc.record({ price, quantity: fc.integer({ min: 1, max: 999 }) });
const storeArb = fc.record({ delivery_cost: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2000 })), free_delivery_from: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 100_000 })) });

describe('the storefront’s preview equals the server’s charge', () => {
  it('for any cart, promo percent, delivery settings and receiving way', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 100 }), storeArb, fc.constantFrom('delivery' as const, 'pickup' as const), (lines, percent, store, receiving) => {
        const ids = lines.map((_, i) => String(i + 1));
        const products = new Map(
          lines.map((l, i) => [ids[i], { id: ids[i], name: `p${i}`, price: l.price, category_id: '1', available: 1, active: 1, picture: null, data: '{}' }]),
        );
        const sold = priceLines(products, lines.map((l, i) => ({ id: ids[i], quantity: l.quantity })), percent);
        const server = orderSums({ lines: lines.map((l, i) => ({ id: ids[i], price: l.price, quantity: l.quantity, available: true })), promo: { percent, refusal: null, condition: 0 } });
        const serverDelivery = deliveryCostFor(store, server.total, receiving);

        const cart: CartLine[] = lines.map((l, i) => ({ id: ids[i], name: `p${i}`, price: l.price, quantity: l.quantity }) as CartLine);
        const preview = cartTotals(cart, percent);
        const previewDelivery = deliveryCostOf(store as unknown as StoreSettings, preview.total, receiving);

        expect(preview.goods).toBe(server.goods);
        expect(preview.total).toBe(server.total);
        expect(preview.discount).toBe(server.discount);
        expect(preview.quantity).toBe(server.quantity);
        // The lines as written add up to the total charged.
        expect(round2(sold.reduce((n, l) => n + l.sum, 0))).toBe(server.total);
        expect(previewDelivery).toBe(serverDelivery);
      }),
      { numRuns: 300 },
    );
  });
});
