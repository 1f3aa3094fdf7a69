/** The owner's product writes: save (fields, pictures, params, the search index), delete, remove a picture. */
import { MAX_OFFER_IMAGES, fromRow, offerSchema, toRow } from '../../../schemas';
import { type Dialect, lockStore, now } from '../../db/database';
import type { Db, Executor } from '../../db/types';
import { badRequest, notFound } from '../../errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { categoryTree, ownerCategoryTree } from './categoryTree';
import { showCategoriesOfLiveOffers } from './categoryVisibility';
import { categoryPath } from '../../db/categoryPath';
import { paramsInScope, type ParamInfo } from './params';
import type { ImageStore } from '../images/public';
import { bumpCatalogue } from '../../db/catalogueVersion';
import { foldGroups } from '../../db/offerGroups';
import { searchDoc, searchSource, type SearchDoc } from '../../lib/searchText';
import { addSearchWords, countNameWords } from '../../lib/searchWords';
import { displayNameOf } from './displayName';
import { OfferImage } from './offerCards';
import { withEdited } from './ownerFields';

/** Writes (doc) or removes (null) an offer's search index entry. */
export async function indexOffer(db: Executor, _dialect: Dialect, storeId: number, offerId: string, doc: SearchDoc | null) {
  if (doc === null) {
    await db.deleteFrom('offer_search').where('store_id', '=', storeId).where('offer_id', '=', offerId).execute();
    return;
  }
  await db
    .insertInto('offer_search')
    .values({ store_id: storeId, offer_id: offerId, ...doc })
    .onConflict((oc) => oc.columns(['store_id', 'offer_id']).doUpdateSet(doc))
    .execute();
}

/** Replaces an offer's custom parameter values, by base id. */
export async function writeOfferParams(db: Executor, storeId: number, offerId: string, values: Map<number, string[]>, params: Map<number, ParamInfo>) {
  await db.deleteFrom('offer_params').where('store_id', '=', storeId).where('offer_id', '=', offerId).execute();
  const rows = [...values].flatMap(([baseId, vals]) =>
    [...new Set(vals)].map((value) => {
      const kind = params.get(baseId)?.kind;
      const n = kind === 'number' || kind === 'float' ? Number(value.replace(',', '.')) : null;
      return { store_id: storeId, offer_id: offerId, base_id: baseId, value, num: n !== null && Number.isFinite(n) ? n : null };
    }),
  );
  if (rows.length) await db.insertInto('offer_params').values(rows).execute();
}

/** Whether a save's parameter values differ from the product's stored ones (an unticked box is no value either way). */
async function paramsChange(db: Executor, storeId: number, offerId: string, next: Map<number, string[]>, params: Map<number, ParamInfo>): Promise<boolean> {
  const rows = await db.selectFrom('offer_params').select(['base_id', 'value']).where('store_id', '=', storeId).where('offer_id', '=', offerId).execute();
  const keys = (pairs: [number, string][]) => new Set(pairs.filter(([b, v]) => !(params.get(b)?.kind === 'bool' && v === '0')).map(([b, v]) => `${b}\u0000${v.trim()}`));
  const before = keys(rows.map((r) => [r.base_id, r.value]));
  const after = keys([...next].flatMap(([b, vals]) => vals.map((v) => [b, v] as [number, string])));
  return before.size !== after.size || [...after].some((k) => !before.has(k));
}

export interface OfferWrite {
  values: Record<string, unknown>;
  /** Custom params by base id; a select param's value is a value id, several joined by '_'. */
  params: Map<number, string>;
  /** New pictures by slot (0..9). */
  files: Map<number, Buffer>;
}

async function nextOfferId(db: Executor, storeId: number): Promise<string> {
  const ids = await db.selectFrom('offers').select('id').where('store_id', '=', storeId).execute();
  return String(ids.reduce((m, r) => (/^\d{1,15}$/.test(r.id) ? Math.max(m, Number(r.id)) : m), 0) + 1);
}

/**
 * Creates (id null) or updates an offer from validated values. Pictures go to their slots; custom params
 * are checked against the store's params; the description is sanitised; the search index follows.
 */
export async function saveOffer(db: Db, dialect: Dialect, images: ImageStore, storeId: number, userId: number, id: string | null, write: OfferWrite): Promise<string> {
  const old = id === null ? undefined : await db.selectFrom('offers').select(['category_id', 'group_id']).where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
  const oldCategory = old?.category_id;
  const category = write.values.categoryId !== undefined ? String(write.values.categoryId) : oldCategory;
  // An offer's params are those of its category's path, by base id.
  const [tree, params, oldParams] = await Promise.all([
    categoryTree(db, storeId),
    paramsInScope(db, storeId, category),
    oldCategory !== undefined && oldCategory !== category ? paramsInScope(db, storeId, oldCategory) : null,
  ]);
  const values = { ...write.values };
  if (values.categoryId !== undefined && !tree.byId.has(String(values.categoryId)) && !(await ownerCategoryTree(db, storeId)).byId.has(String(values.categoryId))) throw badRequest('invalid_input', 'Unknown category', ['categoryId']);
  if (typeof values.description === 'string') values.description = sanitizeRichText(values.description);
  const paramValues = new Map<number, string[]>();
  for (const [baseId, raw] of write.params) {
    const p = params.get(baseId);
    if (!p || p.id === 0) throw badRequest('invalid_input', `Unknown parameter ${baseId}`, [`${baseId}_param`]);
    if (raw.trim() === '') continue;
    if ((p.kind === 'number' || p.kind === 'float') && !Number.isFinite(Number(raw.replace(',', '.')))) throw badRequest('invalid_input', undefined, [`${baseId}_param`]);
    if (p.kind === 'bool' && !['0', '1'].includes(raw)) throw badRequest('invalid_input', undefined, [`${baseId}_param`]);
    paramValues.set(baseId, p.kind === 'select' ? raw.split('_').filter(Boolean) : [raw.trim()]);
  }
  if (write.params.size) {
    const selectIds = [...paramValues].filter(([b]) => params.get(b)!.kind === 'select');
    for (const [b, ids] of selectIds) {
      const known = await db.selectFrom('param_values').select('id').where('store_id', '=', storeId).where('param_id', '=', params.get(b)!.id).where('id', 'in', ids).execute();
      if (known.length !== ids.length) throw badRequest('invalid_input', `Unknown value of parameter ${b}`, [`${b}_param`]);
    }
  }
  // Pictures are checked by their bytes (all of them) before any is stored, and stored before the
  // transaction: a bad file, or an unknown product, changes nothing and leaves no file behind.
  const prepared = [];
  for (const [slot, data] of write.files) prepared.push({ slot, image: await images.prepareImage(storeId, 'offers', data) });
  if (id !== null && prepared.length) {
    const exists = await db.selectFrom('offers').select('id').where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
    if (!exists) throw notFound();
  }
  const uploaded = new Map<number, OfferImage>();
  for (const { slot, image } of prepared) {
    const saved = await image.save();
    uploaded.set(slot, { id: saved.img.split('/').pop()!.split('.')[0], ...saved });
  }

  let offerId = id;
  await db.transaction().execute(async (tx) => {
    let existing: Record<string, unknown> = {};
    let oldImages: (OfferImage | null)[] = [];
    let ownerFields: string | null = null;
    if (id !== null) {
      const row = await tx.selectFrom('offers').selectAll().where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
      if (!row) throw notFound();
      existing = fromRow(offerSchema, row as unknown as Record<string, unknown>);
      // (The stored description as this save would store it: a feed's unsanitised one is no owner's edit.)
      const before = typeof existing.description === 'string' ? { ...existing, description: sanitizeRichText(existing.description) } : existing;
      ownerFields = withEdited(row.owner_fields, values, before, write.params.size > 0 && (await paramsChange(tx, storeId, row.id, paramValues, params)));
      oldImages = (JSON.parse(row.data).images ?? []) as OfferImage[];
    } else {
      await lockStore(tx, storeId);
      offerId = await nextOfferId(tx, storeId);
      // A new product goes to the end of the shop's default order unless the owner gave it a place.
      if (values.sort === undefined || values.sort === null || values.sort === 0) {
        const last = await tx.selectFrom('offers').select((eb) => eb.fn.max('sort').as('max')).where('store_id', '=', storeId).executeTakeFirst();
        values.sort = Number(last?.max ?? 0) + 1;
      }
    }
    const merged: Record<string, unknown> = { ...existing, ...values, userId };
    const imgs: (OfferImage | null)[] = Array.from({ length: MAX_OFFER_IMAGES }, (_, i) => oldImages[i] ?? null);
    for (const [slot, img] of uploaded) imgs[slot] = img;
    const kept = imgs.filter((x): x is OfferImage => x !== null);
    // The same picture in two slots shares its file (content-addressed) but not its id: deleting one keeps the other.
    const ids = new Set<string>();
    for (const img of kept) {
      const base = img.id.replace(/-\d+$/, '');
      let n = 1;
      while (ids.has(img.id)) img.id = `${base}-${++n}`;
      ids.add(img.id);
    }
    const { columns, data } = toRow(offerSchema, merged);
    const row = {
      ...columns,
      store_id: storeId,
      id: offerId!,
      type: String(merged.type ?? 'common'),
      name: displayNameOf(merged),
      price: Number(merged.price ?? 0),
      category_id: String(merged.categoryId),
      cat_path: categoryPath(tree, String(merged.categoryId)),
      picture: kept[0]?.img ?? null,
      thumb: kept[0]?.thumb ?? null,
      updated_at: now(),
      data: JSON.stringify({ ...data, images: kept }),
    } as Record<string, unknown>;
    delete row.deleted;
    if (id !== null) row.owner_fields = ownerFields;
    // The owner's switch: a hide no import undoes (owner_hidden), a show that lets a replace import hide again.
    if (row.active !== undefined && (id === null ? !row.active : Boolean(row.active) !== Boolean(existing.active))) row.owner_hidden = row.active ? 0 : 1;
    if ('group_id' in row) row.group_id = String(row.group_id ?? '').trim() || null;
    if (id === null) await tx.insertInto('offers').values({ ...row, created_at: now(), deleted: 0 } as never).execute();
    else await tx.updateTable('offers').set(row as never).where('store_id', '=', storeId).where('id', '=', id).execute();
    if (write.params.size || oldParams) {
      const all = new Map(paramValues);
      if (id !== null && !write.params.size) {
        const old = await tx.selectFrom('offer_params').select(['base_id', 'value']).where('store_id', '=', storeId).where('offer_id', '=', id).execute();
        // Kept as they are; moved to another category, not those whose base id names another param there.
        for (const o of old) if (!oldParams || !params.has(o.base_id) || params.get(o.base_id)!.id === oldParams.get(o.base_id)?.id) all.set(o.base_id, [...(all.get(o.base_id) ?? []), o.value]);
      }
      await writeOfferParams(tx, storeId, offerId!, all, params);
    }
    const named = { ...merged, name: displayNameOf(merged) };
    await indexOffer(tx, dialect, storeId, offerId!, searchDoc(named));
    await addSearchWords(tx, storeId, countNameWords([searchSource(named).name]));
    await foldGroups(tx, storeId, [old?.group_id, row.group_id as string | null | undefined]);
    await bumpCatalogue(tx, storeId, { categories: [existing.categoryId as string | undefined, String(merged.categoryId)] });
    // A product on sale in a hidden category (shown again, or put there) shows it to shoppers.
    await showCategoriesOfLiveOffers(tx, storeId, [offerId!]);
  });
  return offerId!;
}

export async function deleteOffer(db: Db, dialect: Dialect, storeId: number, id: string) {
  await db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('offers').select(['group_id', 'category_id']).where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
    if (!row) throw notFound();
    await tx.updateTable('offers').set({ deleted: 1, owner_hidden: 0, owner_fields: null, updated_at: now() }).where('store_id', '=', storeId).where('id', '=', id).execute();
    await foldGroups(tx, storeId, [row.group_id]);
    await indexOffer(tx, dialect, storeId, id, null);
    await bumpCatalogue(tx, storeId, { categories: [row.category_id] });
  });
}

/**
 * Sets a product's pictures to what `change` makes of the list (in one transaction; `change` throws to refuse):
 * the first is the main picture. A product not there (or deleted) is 404. Returns the new list.
 */
export async function changeOfferImages(db: Db, storeId: number, id: string, change: (images: OfferImage[]) => OfferImage[]): Promise<OfferImage[]> {
  return db.transaction().execute(async (tx) => {
    const row = await tx.selectFrom('offers').select(['data']).where('store_id', '=', storeId).where('id', '=', id).where('deleted', '=', 0).executeTakeFirst();
    if (!row) throw notFound();
    const data = JSON.parse(row.data) as { images?: OfferImage[] };
    const images = change(data.images ?? []);
    await tx
      .updateTable('offers')
      .set({ data: JSON.stringify({ ...data, images }), picture: images[0]?.img ?? null, thumb: images[0]?.thumb ?? null, updated_at: now() })
      .where('store_id', '=', storeId)
      .where('id', '=', id)
      .execute();
    await bumpCatalogue(tx, storeId, 'pictures');
    return images;
  });
}

/** Removes one picture; the next one becomes the main picture. */
export async function deleteOfferImage(db: Db, storeId: number, id: string, imageId: string) {
  await changeOfferImages(db, storeId, id, (images) => {
    const left = images.filter((i) => i.id !== imageId);
    if (left.length === images.length) throw notFound();
    return left;
  });
}
