import type { Page } from '@playwright/test';

/** A cart line as the storefront keeps it in localStorage 'Cart'. */
export const cartLine = (id: string, name: string, price: number, quantity = 1, categoryId = '11') => ({ id, categoryId, name, price, quantity, currencyId: 'RUR', images: [] });
export type CartLine = ReturnType<typeof cartLine>;

/** The demo shop's product 1001, once. */
export const A5 = cartLine('1001', 'Смартфон Квант A5 64 ГБ', 12990);

/** A delivery point as the map keeps it in localStorage 'deliveryPoint'. */
export type DeliveryPoint = { address: string; coords: [number, number] };

/**
 * This browser as a shopper about to check out (opened at `landing`, /404 by default): `lines` in the cart,
 * `point` chosen on the map (none when null), no promo code, order form or order attempt from before.
 */
export async function seedCheckout(page: Page, lines: CartLine[], point: DeliveryPoint | null = null, landing = '/404') {
  await page.goto(landing);
  await page.evaluate(
    ([l, p]) => {
      localStorage.setItem('Cart', JSON.stringify(l));
      for (const k of ['promoCode', 'orderForm', 'orderAttempt']) localStorage.removeItem(k);
      if (p) localStorage.setItem('deliveryPoint', JSON.stringify(p));
      else localStorage.removeItem('deliveryPoint');
    },
    [lines, point] as const,
  );
}
