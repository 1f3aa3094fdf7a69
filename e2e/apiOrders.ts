import { expect } from '@playwright/test';

/** A delivery address inside the demo shop's first zone, for orders placed through the api. */
export const DELIVERY = { client_receiving: 'delivery', client_address: 'Каменноостровский пр., 20', client_coords: '59.962,30.311' };

/**
 * Places an order through `api=orders` as a shopper's app does (no browser): one of product 1001, paid in cash,
 * unless `fields` (the order form: the caller's idempotency_key, device_id, customer, receiving) say otherwise.
 * Fails the test unless the order is taken; returns its number.
 */
export async function placeApiOrder(url: string, fields: Record<string, string>): Promise<number> {
  const body = new URLSearchParams({ lang: 'ru', 'item[1001]': '1', client_payment: 'cash', ...fields });
  const res = await fetch(`${url}/api?api=orders`, { method: 'POST', body });
  const json = (await res.json()) as { orders: number[] };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.orders[0];
}
