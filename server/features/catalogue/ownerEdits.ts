import type { Db } from '../../db/types';
import { badRequest, notFound } from '../../errors';
import { categoryTree, descendants } from './categoryTree';
import type { OfferImage } from './offerCards';
import { changeOfferImages } from './offerWrites';

/**
 * Two reads and a write of the owner's item editor that the seed's api=offers has no call for: the order of
 * a product's pictures, and which parameters the products of a category use.
 */

/** Puts a product's pictures in this order (a permutation of their ids); the first is the main picture. */
export async function orderOfferImages(db: Db, storeId: number, offerId: string, order: unknown): Promise<OfferImage[]> {
  if (!Array.isArray(order) || !order.every((x) => typeof x === 'string')) throw badRequest('invalid_input', undefined, ['order']);
  return changeOfferImages(db, storeId, offerId, (images) => {
    const byId = new Map(images.map((i) => [i.id, i]));
    if (order.length !== images.length || new Set(order).size !== order.length || !order.every((id) => byId.has(id as string))) {
      throw badRequest('invalid_input', 'order must list every picture of the product once', ['order']);
    }
    return (order as string[]).map((id) => byId.get(id)!);
  });
}

/**
 * The base ids of the parameters the products of a category (and of the categories below it) have values
 * of: what "this category's parameters" are when a feed declared every parameter shop-wide (a YML
 * `<param>` names no category), so a tie is not offered 'Носитель'.
 */
export async function paramsUsedIn(db: Db, storeId: number, categoryId: string): Promise<number[]> {
  const tree = await categoryTree(db, storeId);
  if (!tree.byId.has(categoryId)) throw notFound();
  const rows = await db
    .selectFrom('offer_params as op')
    .innerJoin('offers as o', (j) => j.onRef('o.store_id', '=', 'op.store_id').onRef('o.id', '=', 'op.offer_id'))
    .select('op.base_id')
    .distinct()
    .where('op.store_id', '=', storeId)
    .where('o.deleted', '=', 0)
    .where('o.category_id', 'in', descendants(tree, categoryId))
    .execute();
  return rows.map((r) => Number(r.base_id)).sort((a, b) => a - b);
}
