import fs from 'node:fs';
import path from 'node:path';
import { COMMON_FILTERS, OFFER_TYPES, ROOT_CATEGORY_ID, offerFieldsFor, offerSchema, toRow, validateFields, type ParamKind } from '../../../schemas';
import type { Dialect } from '../../db/database';
import { lockStore, now } from '../../db/database';
import type { Db, Tx } from '../../db/types';
import { badRequest } from '../../errors';
import { sanitizeRichText } from '../../lib/sanitize';
import type { ImageStore } from '../images/images';
import { displayNameOf, indexOffer, searchDoc, writeOfferParams, type OfferImage } from '../catalogue/offers';
import { loadParams, nextBaseId } from '../catalogue/params';
import { bumpCatalogue } from '../catalogue/version';
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
  params: number;
  skipped: number;
  warnings: string[];
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
  const raw: Record<string, unknown> = { ...offer, type, dataTour: offer.dataTour?.join('\n') };
  if (!raw.name) raw.name = [offer.typePrefix, offer.vendor, offer.model].filter(Boolean).join(' ') || offer.title || `#${offer.id}`;
  const fields = offerFieldsFor(type).filter((f) => !f.readOnly && f.type !== 'image');
  const sent: Record<string, unknown> = {};
  for (const f of fields) if (raw[f.name] !== undefined && raw[f.name] !== '') sent[f.name] = raw[f.name];
  const { values, errors } = validateFields(fields, sent, { partial: true });
  for (const e of errors) warn(`offer ${offer.id}: ${e.field} ${e.code}, dropped`);
  if (typeof values.description === 'string') values.description = sanitizeRichText(values.description);
  values.type = type;
  return values;
}

/**
 * Imports a Yandex Market YML feed into a store in one transaction: categories with their parents, offers
 * of every type by the feed's own ids (a re-import updates them), params (new ones get the next base ids
 * from 323 and a kind inferred from their values), pictures. A broken feed changes nothing; the error
 * names the line.
 */
export async function importYml(db: Db, dialect: Dialect, images: ImageStore, storeId: number, input: YmlInput, opts: ImportOptions = {}): Promise<ImportResult> {
  const warnings: string[] = [];
  const warn = (m: string) => {
    if (warnings.length < 500) warnings.push(m);
  };
  const result: ImportResult = { categories: 0, offers: 0, created: 0, updated: 0, params: 0, skipped: 0, warnings };
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
      const categoryIds = new Set(
        (await tx.selectFrom('categories').select('id').where('store_id', '=', storeId).execute()).map((r) => r.id),
      );
      const existing = new Set((await tx.selectFrom('offers').select('id').where('store_id', '=', storeId).execute()).map((r) => r.id));
      const seen = new Set<string>();
      /** Params of each offer, written once every param's kind is known. */
      const offerParams: OfferParams[] = [];
      let position = 0;

      await parseYml(
        input,
        {
          onWarning: warn,
          onCategory: async (c) => {
            const parent = c.parentId ?? ROOT_CATEGORY_ID;
            await tx
              .insertInto('categories')
              .values({ store_id: storeId, id: c.id, parent_id: parent, name: c.name, sort: result.categories, data: '{}' })
              .onConflict((oc) => oc.columns(['store_id', 'id']).doUpdateSet({ parent_id: parent, name: c.name }))
              .execute();
            categoryIds.add(c.id);
            result.categories++;
          },
          onOffer: async (offer) => {
            position++;
            if (seen.has(offer.id)) {
              warn(`offer ${offer.id} appears twice; the later one is kept`);
            }
            if (!offer.categoryId || !categoryIds.has(offer.categoryId)) {
              warn(`offer ${offer.id}: category ${offer.categoryId ?? '(none)'} is not declared, offer skipped`);
              result.skipped++;
              return;
            }
            const values = offerValues(offer, warn);
            const pics: OfferImage[] = [];
            for (const src of offer.pictures) {
              const p = await picture(src);
              if (p) pics.push({ ...p, id: p.id || String(pics.length) });
            }
            await writeOffer(tx, dialect, storeId, offer, values, pics, position, existing.has(offer.id));
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
      result.params = await writeParams(tx, storeId, offerParams);
      await bumpCatalogue(tx, storeId);
    });
  } catch (e) {
    if (e instanceof YmlError) throw badRequest('yml_error', e.message);
    throw e;
  }
  opts.onProgress?.(result.offers);
  return result;
}

async function writeOffer(tx: Tx, dialect: Dialect, storeId: number, offer: YmlOffer, values: Record<string, unknown>, pics: OfferImage[], position: number, exists: boolean) {
  const { columns, data } = toRow(offerSchema, values);
  const row = {
    ...columns,
    store_id: storeId,
    id: offer.id,
    type: String(values.type),
    name: displayNameOf(values) || `#${offer.id}`,
    price: Number(values.price ?? 0),
    category_id: offer.categoryId!,
    available: offer.available === '1' ? 1 : 0,
    active: 1,
    deleted: 0,
    picture: pics[0]?.img ?? null,
    thumb: pics[0]?.thumb ?? null,
    sort: position,
    updated_at: now(),
    data: JSON.stringify({ ...data, images: pics, ...(Object.keys(offer.extra).length ? { extra: offer.extra } : {}) }),
  };
  if (exists) await tx.updateTable('offers').set(row as never).where('store_id', '=', storeId).where('id', '=', offer.id).execute();
  else
    await tx
      .insertInto('offers')
      .values({ ...row, created_at: now() } as never)
      .onConflict((oc) => oc.columns(['store_id', 'id']).doUpdateSet(row as never))
      .execute();
  await indexOffer(tx, dialect, storeId, offer.id, searchDoc({ ...values, name: displayNameOf(values) }));
}

/** Creates the feed's new params, maps every value (select values to value ids) and writes them per offer. */
interface OfferParams {
  offerId: string;
  categoryId: string;
  values: { name: string; unit?: string; value: string }[];
  shop: string;
  warranty: string;
}

/** The deepest category that holds all of these (ROOT_CATEGORY_ID when they share none). */
export function commonCategory(parents: Map<string, string>, categoryIds: Iterable<string>): string {
  let common: string[] | null = null;
  for (const id of categoryIds) {
    const chain: string[] = [];
    for (let c: string | undefined = id; c && c !== ROOT_CATEGORY_ID && !chain.includes(c); c = parents.get(c)) chain.unshift(c);
    if (common === null) common = chain;
    else {
      let i = 0;
      while (i < common.length && i < chain.length && common[i] === chain[i]) i++;
      common = common.slice(0, i);
    }
  }
  return common?.[common.length - 1] ?? ROOT_CATEGORY_ID;
}

async function writeParams(tx: Tx, storeId: number, offers: OfferParams[]): Promise<number> {
  const byName = new Map((await loadParams(tx, storeId)).map((p) => [p.name.toLowerCase(), p]));
  const seenValues = new Map<string, { name: string; unit?: string; values: string[]; categories: Set<string> }>();
  for (const o of offers) for (const v of o.values) {
    const key = v.name.toLowerCase();
    const s = seenValues.get(key) ?? { name: v.name, unit: v.unit, values: [], categories: new Set<string>() };
    s.values.push(v.value);
    s.categories.add(o.categoryId);
    seenValues.set(key, s);
  }
  const parents = new Map(
    (await tx.selectFrom('categories').select(['id', 'parent_id']).where('store_id', '=', storeId).execute()).map((r) => [r.id, r.parent_id]),
  );
  let created = 0;
  for (const [key, s] of seenValues) {
    if (byName.has(key)) continue;
    const baseId = await nextBaseId(tx, storeId);
    const kind = inferKind(s.values);
    // A new filter shows where its products are: on the deepest category holding all of them.
    const categoryId = commonCategory(parents, s.categories);
    const row = await tx
      .insertInto('params')
      .values({ store_id: storeId, base_id: baseId, category_id: categoryId, name: s.name, kind, is_required: 0, unit: s.unit ?? null, sort: created })
      .returning('id')
      .executeTakeFirstOrThrow();
    byName.set(key, { id: row.id, baseId, categoryId, name: s.name, kind, isRequired: false, unit: s.unit ?? null, sort: created });
    created++;
  }
  // Select values: the ids of known names, new ids for new names.
  const valueIds = new Map<number, Map<string, string>>();
  for (const p of byName.values()) {
    if (p.kind !== 'select') continue;
    const rows = await tx.selectFrom('param_values').select(['id', 'name']).where('store_id', '=', storeId).where('param_id', '=', p.id).execute();
    valueIds.set(p.id, new Map(rows.map((r) => [r.name.toLowerCase(), r.id])));
  }
  const valueIdOf = async (paramId: number, name: string) => {
    const m = valueIds.get(paramId)!;
    const hit = m.get(name.toLowerCase());
    if (hit) return hit;
    const id = String(Math.max(0, ...[...m.values()].map(Number).filter(Number.isFinite)) + 1);
    await tx.insertInto('param_values').values({ store_id: storeId, param_id: paramId, id, name, sort: Number(id) }).execute();
    m.set(name.toLowerCase(), id);
    return id;
  };
  const params = new Map([...byName.values()].map((p) => [p.baseId, p]));
  for (const o of offers) {
    const values = new Map<number, string[]>();
    for (const v of o.values) {
      const p = byName.get(v.name.toLowerCase())!;
      let value = v.value;
      if (p.kind === 'select') value = await valueIdOf(p.id, v.value);
      else if (p.kind === 'bool') value = boolValue(v.value);
      else if ((p.kind === 'number' || p.kind === 'float') && !isNumber(v.value)) continue;
      else if (p.kind === 'number' || p.kind === 'float') value = v.value.replace(',', '.');
      values.set(p.baseId, [...(values.get(p.baseId) ?? []), value]);
    }
    values.set(COMMON_FILTERS.shop, [o.shop]);
    values.set(COMMON_FILTERS.warranty, [o.warranty]);
    await writeOfferParams(tx, storeId, o.offerId, values, params);
  }
  return created;
}
