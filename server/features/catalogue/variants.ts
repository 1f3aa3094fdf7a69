/**
 * The variants of an item (offers of one YML group_id, db/offerGroups.ts): each keeps its own id, price,
 * stock, pictures and cart line; the item page offers them by the params they differ in (a size, a colour).
 */
import type { OfferVariant } from '../../../schemas';
import type { Db } from '../../db/types';
import { stockAllows } from './stock';
import { paramsInScope, selectValueNames, type ParamInfo } from './params';

/** A group's offers shown on an item page; a feed's larger group (an error, or a catalogue in one group) is cut here. */
export const MAX_VARIANTS = 50;
/** Rows of a group read by its index before choosing: a bound whatever a feed puts into one group. */
const READ_CAP = 200;


type Named = { id: string; name: string; params: { name: string; value: string }[] };

/**
 * The dimensions of a group: the param names whose values differ among its offers, in the order they first
 * appear; each offer's value of them. A group whose offers differ in no param has none (the picker shows names).
 */
export function variantDimensions(offers: Named[]): { dimensions: string[]; options: Map<string, Record<string, string>> } {
  const values = new Map<string, Map<string, string>>();
  for (const o of offers) {
    for (const p of o.params) {
      if (!values.has(p.name)) values.set(p.name, new Map());
      const byOffer = values.get(p.name)!;
      // An offer listing a param twice (a feed's repeated <param>): its values joined, as the item page shows them.
      byOffer.set(o.id, byOffer.has(o.id) ? `${byOffer.get(o.id)}, ${p.value}` : p.value);
    }
  }
  const dimensions = [...values].filter(([, byOffer]) => new Set(offers.map((o) => byOffer.get(o.id) ?? '')).size > 1).map(([name]) => name);
  const options = new Map(offers.map((o) => [o.id, Object.fromEntries(dimensions.map((d) => [d, values.get(d)!.get(o.id) ?? '']))]));
  return { dimensions, options };
}

/** The live offers of a group (hidden ones too for the owner), the item's own among them; null for fewer than two. */
export async function variantsOf(db: Db, storeId: number, groupId: string, includeHidden: boolean): Promise<{ dimensions: string[]; variants: OfferVariant[] } | null> {
  // By the group's index alone; the flags are checked here (a `deleted = 0` in the query may lead SQLite without
  // statistics to a list order's index instead, as offersByIds says).
  const rows = (
    await db
      .selectFrom('offers')
      .select(['id', 'name', 'price', 'oldprice', 'available', 'active', 'deleted', 'stock', 'thumb', 'sort', 'category_id', 'data'])
      .where('store_id', '=', storeId)
      .where('group_id', '=', groupId)
      .limit(READ_CAP)
      .execute()
  )
    .filter((r) => r.deleted === 0 && (includeHidden || r.active === 1))
    .sort((a, b) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, MAX_VARIANTS);
  if (rows.length < 2) return null;
  const ids = rows.map((r) => r.id);
  const categories = [...new Set(rows.map((r) => r.category_id))];
  const [scopes, values] = await Promise.all([
    Promise.all([null, ...categories].map((c) => paramsInScope(db, storeId, c))),
    db.selectFrom('offer_params').select(['offer_id', 'base_id', 'value']).where('store_id', '=', storeId).where('offer_id', 'in', ids).execute(),
  ]);
  const params = new Map<number, ParamInfo>(scopes.flatMap((s) => [...s]));
  const names = await selectValueNames(db, storeId, values.map((v) => v.base_id), params);
  const named: Named[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    params: [
      ...values
        .filter((v) => v.offer_id === r.id && params.has(v.base_id))
        .map((v) => {
          const p = params.get(v.base_id)!;
          const value = p.kind === 'select' ? (names.get(`${p.id}:${v.value}`) ?? v.value) : v.value;
          return { name: p.name, value: p.unit ? `${value} ${p.unit}` : value };
        }),
      ...((JSON.parse(r.data) as { props?: { name: string; unit?: string; value: string }[] }).props ?? []).map((p) => ({ name: p.name, value: p.unit ? `${p.value} ${p.unit}` : p.value })),
    ],
  }));
  const { dimensions, options } = variantDimensions(named);
  return {
    dimensions,
    variants: rows.map((r) => ({
      id: r.id,
      categoryId: r.category_id,
      name: r.name,
      price: r.price,
      oldprice: r.oldprice,
      available: r.available && r.active && stockAllows(r.stock) ? '1' : '0',
      thumb: r.thumb,
      options: options.get(r.id)!,
    })),
  };
}
