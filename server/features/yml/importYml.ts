import { sql } from 'kysely';
import fs from 'node:fs';
import path from 'node:path';
import { COMMON_FILTERS, CUSTOM_PARAM_FIRST, CUSTOM_PARAM_LAST, OFFER_TYPES, ROOT_CATEGORY_ID, offerFieldsFor, offerSchema, toRow, validateFields, type ParamKind } from '../../../schemas';
import type { Dialect } from '../../db/database';
import { lockStore, now } from '../../db/database';
import type { Db, Tx } from '../../db/types';
import { badRequest } from '../../errors';
import { sanitizeRichText } from '../../lib/sanitize';
import type { ImageStore } from '../images/images';
import { displayNameOf, searchDoc, type OfferImage } from '../catalogue/offers';
import { ancestry, loadParams, loadParents, type ParamInfo } from '../catalogue/params';
import { planSlots, type NameUse } from './paramSlots';
import { bumpCatalogue } from '../catalogue/version';
import { repathOffers } from '../catalogue/categories';
import { parseYml, YmlError, type YmlInput, type YmlOffer } from './parseYml';

export interface ImportOptions {
  /** Folder that relative picture paths are read from (a local feed's own folder). */
  baseDir?: string;
  onProgress?: (offers: number) => void;
  signal?: AbortSignal;
}

export interface ImportResult {
  categories: number;
  offers: number;
  created: number;
  updated: number;
  /** Offers the store had that this feed no longer has: hidden (active 0), not deleted. */
  hidden: number;
  params: number;
  /** Params beyond the store's filter slots, kept as display-only properties of their items. */
  displayOnlyParams: number;
  skipped: number;
  /** Skipped offers by reason (`category_missing`, …). */
  skippedBy: Record<string, number>;
  /** Every warning counted by kind (the first 500 are in `warnings` as text). */
  warningKinds: Record<string, number>;
  categoryReport: { created: number; updated: number; hidden: number };
  warnings: string[];
}

/** The kind of a warning, from its text (the parser reports plain sentences). */
export function warningKind(message: string): string {
  if (/appears (again|twice)/.test(message)) return 'duplicate_offer';
  if (/category .* is not declared|parent .* is not declared/.test(message)) return 'undeclared_category';
  if (/currency .* is not declared/.test(message)) return 'undeclared_currency';
  if (/is not a number|is not a boolean|neither a boolean|is not L\/W\/H/.test(message)) return 'bad_value';
  if (/unknown offer element/.test(message)) return 'unknown_element';
  if (/picture/.test(message)) return 'picture';
  if (/has no name|without a name|without a value|without id|without <option>/.test(message)) return 'missing_value';
  if (/ dropped$|, dropped/.test(message)) return 'invalid_field';
  if (/encoding/.test(message)) return 'encoding';
  if (/entity/.test(message)) return 'entity';
  return 'other';
}

const BOOL_WORDS = new Set(['да', 'нет', 'yes', 'no', 'true', 'false', 'есть']);
const isNumber = (v: string) => /^-?\d+([.,]\d+)?$/.test(v.trim());

/** The kind a new param gets from every value the feed gave it. */
export function inferKind(values: string[]): ParamKind {
  if (values.length && values.every(isNumber)) return values.every((v) => /^-?\d+$/.test(v.trim())) ? 'number' : 'float';
  if (values.length && values.every((v) => BOOL_WORDS.has(v.trim().toLowerCase()))) return 'bool';
  return 'select';
}
const boolValue = (v: string) => (['да', 'yes', 'true', 'есть', '1'].includes(v.trim().toLowerCase()) ? '1' : '0');

/** Registry values of a feed offer; a value its field rejects is dropped with a warning, never fatal. */
function offerValues(offer: YmlOffer, warn: (m: string) => void): Record<string, unknown> {
  const type = (OFFER_TYPES as readonly string[]).includes(offer.type) ? offer.type : 'common';
  // The feed's <count> is the product's stock (the registry's `stock` field checks it: a whole number, 0 or more).
  const raw: Record<string, unknown> = { ...offer, type, dataTour: offer.dataTour?.join('\n'), stock: offer.extra.count };
  if (!raw.name) raw.name = [offer.typePrefix, offer.vendor, offer.model].filter(Boolean).join(' ') || offer.title || `#${offer.id}`;
  const fields = fieldsOf(type);
  const sent: Record<string, unknown> = {};
  for (const f of fields) if (raw[f.name] !== undefined && raw[f.name] !== '') sent[f.name] = raw[f.name];
  const { values, errors } = validateFields(fields, sent, { partial: true });
  for (const e of errors) warn(`offer ${offer.id}: ${e.field} ${e.code}, dropped`);
  if (typeof values.description === 'string') values.description = sanitizeRichText(values.description);
  values.type = type;
  return values;
}
const fieldCache = new Map<string, ReturnType<typeof offerFieldsFor>>();
function fieldsOf(type: string) {
  let f = fieldCache.get(type);
  if (!f) fieldCache.set(type, (f = offerFieldsFor(type).filter((x) => !x.readOnly && x.type !== 'image')));
  return f;
}

/** Offers written per statement: a multi-row upsert (SQLite allows 32 766 bound values, each row has 17). */
const BATCH = 400;

interface PendingOffer {
  offer: YmlOffer;
  values: Record<string, unknown>;
  pics: (OfferImage & { feed?: 1 })[];
  position: number;
}

/**
 * Imports a Yandex Market YML feed into a store in one transaction: categories with their parents, offers
 * of every type by the feed's own ids (a re-import updates them), params (new ones get the free filter
 * slots 323–386, most used names first, and a kind inferred from their values; names beyond the slots
 * become display-only properties of their items), pictures. Offers and categories the store has and the
 * feed does not are hidden, not deleted, and come back when a later feed has them; pictures the owner
 * uploaded stay. A broken or cancelled feed changes nothing; the error names the line.
 */
export async function importYml(db: Db, dialect: Dialect, images: ImageStore, storeId: number, input: YmlInput, opts: ImportOptions = {}): Promise<ImportResult> {
  const warnings: string[] = [];
  const warningKinds: Record<string, number> = {};
  const warn = (m: string) => {
    const kind = warningKind(m);
    warningKinds[kind] = (warningKinds[kind] ?? 0) + 1;
    if (warnings.length < 500) warnings.push(m);
  };
  const result: ImportResult = {
    categories: 0,
    offers: 0,
    created: 0,
    updated: 0,
    hidden: 0,
    params: 0,
    displayOnlyParams: 0,
    skipped: 0,
    skippedBy: {},
    warningKinds,
    categoryReport: { created: 0, updated: 0, hidden: 0 },
    warnings,
  };
  const skip = (reason: string) => {
    result.skipped++;
    result.skippedBy[reason] = (result.skippedBy[reason] ?? 0) + 1;
  };
  const imageCache = new Map<string, OfferImage>();

  const picture = async (src: string): Promise<OfferImage | null> => {
    if (/^https?:\/\//i.test(src)) return { id: `u${imageCache.size}`, img: src, thumb: src };
    if (!opts.baseDir) return null;
    const file = path.resolve(opts.baseDir, src);
    if (!file.startsWith(path.resolve(opts.baseDir) + path.sep)) {
      warn(`picture ${src} is outside the feed's folder, skipped`);
      return null;
    }
    const hit = imageCache.get(file);
    if (hit) return hit;
    try {
      const saved = await images.saveImage(storeId, 'offers', await fs.promises.readFile(file));
      const img = { id: saved.img.split('/').pop()!.split('.')[0], ...saved };
      imageCache.set(file, img);
      return img;
    } catch {
      warn(`picture ${src} could not be read, skipped`);
      return null;
    }
  };

  try {
    await db.transaction().execute(async (tx) => {
      // One import at a time per store, and no owner create picks an id (param base ids) it is about to take.
      await lockStore(tx, storeId);
      const stamp = now();
      const knownCategories = new Set(
        (await tx.selectFrom('categories').select('id').where('store_id', '=', storeId).execute()).map((r) => r.id),
      );
      const categoryIds = new Set<string>();
      const existing = new Set((await tx.selectFrom('offers').select('id').where('store_id', '=', storeId).execute()).map((r) => r.id));
      const seen = new Set<string>();
      /** Params of each offer, written once every param's kind is known. */
      const offerParams: OfferParams[] = [];
      let position = 0;
      let pending: PendingOffer[] = [];
      const pendingIds = new Set<string>();
      const flush = async () => {
        if (!pending.length) return;
        const batch = pending;
        pending = [];
        pendingIds.clear();
        await writeOffers(tx, storeId, batch, existing, stamp);
      };

      await parseYml(
        input,
        {
          onWarning: warn,
          onCategory: async (c) => {
            const parent = c.parentId ?? ROOT_CATEGORY_ID;
            await tx
              .insertInto('categories')
              .values({ store_id: storeId, id: c.id, parent_id: parent, name: c.name, sort: result.categories, data: '{}', hidden: 0 })
              .onConflict((oc) => oc.columns(['store_id', 'id']).doUpdateSet({ parent_id: parent, name: c.name, hidden: 0 }))
              .execute();
            if (knownCategories.has(c.id)) result.categoryReport.updated++;
            else result.categoryReport.created++;
            categoryIds.add(c.id);
            result.categories++;
          },
          onOffer: async (offer) => {
            position++;
            if (seen.has(offer.id)) warn(`offer ${offer.id} appears twice; the later one is kept`);
            if (!offer.categoryId || !categoryIds.has(offer.categoryId)) {
              warn(`offer ${offer.id}: category ${offer.categoryId ?? '(none)'} is not declared, offer skipped`);
              skip('category_missing');
              return;
            }
            const values = offerValues(offer, warn);
            const pics: (OfferImage & { feed: 1 })[] = [];
            for (const src of offer.pictures) {
              const p = await picture(src);
              if (p) pics.push({ ...p, id: p.id || String(pics.length), feed: 1 });
            }
            if (pendingIds.has(offer.id)) await flush();
            pending.push({ offer, values, pics, position });
            pendingIds.add(offer.id);
            if (pending.length >= BATCH) await flush();
            if (existing.has(offer.id) || seen.has(offer.id)) result.updated++;
            else result.created++;
            seen.add(offer.id);
            offerParams.push({ offerId: offer.id, categoryId: offer.categoryId, values: offer.params, shop: offer.shop === '1' ? '1' : '0', warranty: offer.manufacturer_warranty === '1' ? '1' : '0' });
            result.offers++;
            if (result.offers % 500 === 0) opts.onProgress?.(result.offers);
          },
        },
        { signal: opts.signal },
      );
      await flush();
      const p = await writeParams(tx, dialect, storeId, offerParams);
      result.params = p.created;
      result.displayOnlyParams = p.displayOnly;
      await bumpCatalogue(tx, storeId);
      // What the store had and this feed has not: hidden, not deleted (orders and favourites keep their links).
      const hidden = await tx
        .updateTable('offers')
        .set({ active: 0, updated_at: stamp })
        .where('store_id', '=', storeId)
        .where('deleted', '=', 0)
        .where('active', '=', 1)
        .where('updated_at', '<>', stamp)
        .executeTakeFirst();
      result.hidden = Number(hidden.numUpdatedRows);
      const hiddenCategories = await tx
        .updateTable('categories')
        .set({ hidden: 1 })
        .where('store_id', '=', storeId)
        .where('hidden', '=', 0)
        .where('id', 'not in', [...categoryIds, ROOT_CATEGORY_ID])
        .executeTakeFirst();
      result.categoryReport.hidden = Number(hiddenCategories.numUpdatedRows);
      // Paths follow the tree as this feed left it (new offers, moved or hidden categories).
      await repathOffers(tx, storeId);
    });
  } catch (e) {
    if (e instanceof YmlError) throw badRequest('yml_error', e.message);
    throw e;
  }
  opts.onProgress?.(result.offers);
  return result;
}

/**
 * Writes a batch of offers: one read of the existing ones' pictures (the owner's uploads are kept after
 * the feed's), one multi-row upsert of the rows, one of their search texts.
 */
async function writeOffers(tx: Tx, storeId: number, batch: PendingOffer[], existing: Set<string>, stamp: string) {
  const updates = batch.filter((b) => existing.has(b.offer.id)).map((b) => b.offer.id);
  const ownerImages = new Map<string, OfferImage[]>();
  if (updates.length) {
    const rows = await tx.selectFrom('offers').select(['id', 'data']).where('store_id', '=', storeId).where('id', 'in', updates).execute();
    for (const r of rows) {
      const imgs = ((JSON.parse(r.data) as { images?: (OfferImage & { feed?: 1 })[] }).images ?? []).filter((i) => !i.feed && !/^https?:\/\//i.test(i.img));
      if (imgs.length) ownerImages.set(r.id, imgs);
    }
  }
  const rows = batch.map(({ offer, values, pics, position }) => {
    const own = (ownerImages.get(offer.id) ?? []).filter((i) => !pics.some((p) => p.id === i.id));
    const all = [...pics, ...own].slice(0, 10);
    const { columns, data } = toRow(offerSchema, values);
    return {
      store_id: storeId,
      id: offer.id,
      type: String(values.type),
      name: displayNameOf(values) || `#${offer.id}`,
      vendor: (columns.vendor as string | undefined) ?? null,
      price: Number(values.price ?? 0),
      oldprice: (columns.oldprice as number | undefined) ?? null,
      category_id: offer.categoryId!,
      available: offer.available === '1' ? 1 : 0,
      active: 1,
      deleted: 0,
      picture: all[0]?.img ?? null,
      thumb: all[0]?.thumb ?? null,
      sort: position,
      stock: (columns.stock as number | null | undefined) ?? null,
      created_at: stamp,
      updated_at: stamp,
      data: JSON.stringify({ ...data, images: all, ...(Object.keys(offer.extra).length ? { extra: offer.extra } : {}) }),
    };
  });
  const updated = Object.keys(rows[0]).filter((c) => c !== 'store_id' && c !== 'id' && c !== 'created_at');
  await tx
    .insertInto('offers')
    .values(rows as never)
    .onConflict((oc) =>
      oc.columns(['store_id', 'id']).doUpdateSet(
        (eb) =>
          Object.fromEntries(
            // A feed without <count> for an offer keeps the stock the owner counts in the admin.
            updated.map((c) => [c, c === 'stock' ? sql`coalesce(excluded.stock, offers.stock)` : eb.ref(`excluded.${c}` as never)]),
          ) as never,
      ),
    )
    .execute();
  await tx
    .insertInto('offer_search')
    .values(batch.map((b) => ({ store_id: storeId, offer_id: b.offer.id, ...searchDoc({ ...b.values, name: displayNameOf(b.values) }) })))
    .onConflict((oc) => oc.columns(['store_id', 'offer_id']).doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), text: eb.ref('excluded.text') })))
    .execute();
}

/** Creates the feed's new params, maps every value (select values to value ids) and writes them per offer. */
interface OfferParams {
  offerId: string;
  categoryId: string;
  values: { name: string; unit?: string; value: string }[];
  shop: string;
  warranty: string;
}

export { commonCategory } from './commonCategory';

/** Rows per multi-row insert of param values (5 bound values each). */
const PARAM_BATCH = 1000;

/**
 * Creates the feed's new params, maps every value (select values to value ids) and writes them per offer.
 * A name on an offer uses the param of that name on the offer's category path when there is one; new names
 * get filter slots per category path (paramSlots.ts); a category whose paths are full keeps the rest on its
 * offers as display-only properties (`data.props`, shown on the item page, not filterable).
 */
async function writeParams(tx: Tx, _dialect: Dialect, storeId: number, offers: OfferParams[]): Promise<{ created: number; displayOnly: number }> {
  const existing = await loadParams(tx, storeId);
  const parents = await loadParents(tx, storeId);
  const named = new Map<string, ParamInfo[]>();
  for (const p of existing) named.set(p.name.toLowerCase(), [...(named.get(p.name.toLowerCase()) ?? []), p]);
  // The param a name means on an offer of a category: the deepest of that name on the category's path.
  const resolved = new Map<string, ParamInfo | null>();
  const resolve = (key: string, categoryId: string): ParamInfo | null => {
    const k = `${key}\u0000${categoryId}`;
    let hit = resolved.get(k);
    if (hit !== undefined) return hit;
    hit = null;
    const list = named.get(key);
    if (list) {
      const path = [...ancestry(parents, categoryId), ROOT_CATEGORY_ID];
      for (const c of path) {
        hit = list.find((p) => p.categoryId === c) ?? null;
        if (hit) break;
      }
    }
    resolved.set(k, hit);
    return hit;
  };
  const seen = new Map<string, NameUse & { name: string; unit?: string; values: string[] }>();
  for (const o of offers) {
    const once = new Set<string>();
    for (const v of o.values) {
      const key = v.name.toLowerCase();
      if (once.has(key) || resolve(key, o.categoryId)) continue;
      once.add(key);
      let s = seen.get(key);
      if (!s) seen.set(key, (s = { name: v.name, unit: v.unit, values: [], byCategory: new Map(), offers: 0 }));
      if (s.values.length < 10_000) s.values.push(v.value);
      s.byCategory.set(o.categoryId, (s.byCategory.get(o.categoryId) ?? 0) + 1);
      s.offers++;
    }
  }
  const plan = planSlots(existing, parents, seen);
  let created = 0;
  for (const c of plan.created) {
    const s = seen.get(c.key)!;
    const kind = inferKind(s.values);
    const row = await tx
      .insertInto('params')
      .values({ store_id: storeId, base_id: c.baseId, category_id: c.categoryId, name: s.name, kind, is_required: 0, unit: s.unit ?? null, sort: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    const param: ParamInfo = { id: row.id, baseId: c.baseId, categoryId: c.categoryId, name: s.name, kind, isRequired: false, unit: s.unit ?? null, sort: created };
    named.set(c.key, [...(named.get(c.key) ?? []), param]);
    for (const cat of c.categories) resolved.set(`${c.key}\u0000${cat}`, param);
    created++;
  }
  const displayOnlyNames = new Set([...plan.displayOnly].map((k) => k.split('\u0000')[0]));
  seen.clear();
  // Select values: the ids of known names, new ids for new names (inserted in batches at the end).
  const valueIds = new Map<number, { ids: Map<string, string>; next: number }>();
  const selectIds = [...named.values()].flat().filter((p) => p.kind === 'select').map((p) => p.id);
  for (const p of selectIds) valueIds.set(p, { ids: new Map(), next: 1 });
  if (selectIds.length) {
    const rows = await tx.selectFrom('param_values').select(['param_id', 'id', 'name']).where('store_id', '=', storeId).execute();
    for (const r of rows) {
      const m = valueIds.get(r.param_id);
      if (!m) continue;
      m.ids.set(r.name.toLowerCase(), r.id);
      if (/^\d+$/.test(r.id)) m.next = Math.max(m.next, Number(r.id) + 1);
    }
  }
  const newValues: { store_id: number; param_id: number; id: string; name: string; sort: number }[] = [];
  const valueIdOf = (paramId: number, name: string) => {
    const m = valueIds.get(paramId)!;
    const hit = m.ids.get(name.toLowerCase());
    if (hit) return hit;
    const id = String(m.next++);
    newValues.push({ store_id: storeId, param_id: paramId, id, name, sort: Number(id) });
    m.ids.set(name.toLowerCase(), id);
    return id;
  };
  let rows: { store_id: number; offer_id: string; base_id: number; value: string; num: number | null }[] = [];
  const writeRows = async () => {
    if (!rows.length) return;
    const batch = rows;
    rows = [];
    // One row per (offer, param, value): a value repeated in one offer counts once.
    const unique = new Map(batch.map((r) => [`${r.offer_id}\u0000${r.base_id}\u0000${r.value}`, r]));
    await tx.insertInto('offer_params').values([...unique.values()]).execute();
  };
  const ids = [...new Set(offers.map((o) => o.offerId))];
  for (let i = 0; i < ids.length; i += PARAM_BATCH) {
    await tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('offer_id', 'in', ids.slice(i, i + PARAM_BATCH)).execute();
  }
  // A repeated offer id: its last occurrence wins, as for its fields.
  const last = new Map(offers.map((o, i) => [o.offerId, i]));
  for (let i = 0; i < offers.length; i++) {
    const o = offers[i];
    if (last.get(o.offerId) !== i) continue;
    const props: { name: string; unit?: string; value: string }[] = [];
    const push = (baseId: number, value: string, num: number | null) => rows.push({ store_id: storeId, offer_id: o.offerId, base_id: baseId, value, num });
    for (const v of o.values) {
      const p = resolve(v.name.toLowerCase(), o.categoryId);
      if (!p) {
        props.push(v.unit ? { name: v.name, unit: v.unit, value: v.value } : { name: v.name, value: v.value });
        continue;
      }
      if (p.kind === 'select') push(p.baseId, valueIdOf(p.id, v.value), null);
      else if (p.kind === 'bool') push(p.baseId, boolValue(v.value), null);
      else if (p.kind === 'number' || p.kind === 'float') {
        if (!isNumber(v.value)) continue;
        const value = v.value.trim().replace(',', '.');
        push(p.baseId, value, Number(value));
      } else push(p.baseId, v.value, null);
    }
    push(COMMON_FILTERS.shop, o.shop, null);
    push(COMMON_FILTERS.warranty, o.warranty, null);
    if (rows.length >= PARAM_BATCH) await writeRows();
    if (props.length) {
      const row = await tx.selectFrom('offers').select('data').where('store_id', '=', storeId).where('id', '=', o.offerId).executeTakeFirstOrThrow();
      const data = JSON.parse(row.data) as Record<string, unknown>;
      await tx.updateTable('offers').set({ data: JSON.stringify({ ...data, props }) }).where('store_id', '=', storeId).where('id', '=', o.offerId).execute();
    }
  }
  await writeRows();
  for (let i = 0; i < newValues.length; i += PARAM_BATCH) await tx.insertInto('param_values').values(newValues.slice(i, i + PARAM_BATCH)).execute();
  return { created, displayOnly: displayOnlyNames.size };
}
