import type { Params } from '../../../dataProvider/apiClient';

/** Parameters of the cart's api= calls (the seed's keys). */

/** api=offers, cart items: the current cards of these products (lang is added by the client). */
export const cartItemsParams = (ids: readonly string[], shopId?: string | number | null): Params => ({
  ids: ids.join(','),
  ...(shopId !== undefined && shopId !== null ? { shopId: String(shopId) } : {}),
});

/** api=offers, the stop list: the products of `ids` that cannot be delivered to this point. */
export const stopListParams = (ids: readonly string[], coords: readonly [number, number]): Params => ({
  ids: ids.join(','),
  coords: `${coords[0]},${coords[1]}`,
});
