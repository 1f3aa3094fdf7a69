import type { Dialect } from '../../../db/database';
import type { Tx } from '../../../db/types';
import { addSearchWords, countNameWords } from '../../../lib/searchWords';
import { insertFlat, updateSorts, upsertTail } from './bulkInsert';
import type { ImportParams } from './importParams';
import { addExample, type ImportExamples } from './importMode';
import type { UndoRecord } from './importUndo';
import { keepOwnerFields, overridesFeed } from './ownerFields';
import { keepsParams } from '../../catalogue/public';
import {
  COL,
  flatRowHash,
  hashBatch,
  HASHED_COLUMNS,
  OFFER_COLUMNS,
  OFFER_WIDTH,
  rowHash,
  SEARCH_COLUMNS,
  SEARCH_WIDTH,
  stemBatch,
  type FeedImage,
  type OfferBatch,
} from '../parse/prepare';

/** What a batch learns about its offers: which were stored before (or earlier in this feed). */
export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
  /** Stored offers the feed gives other values of fields the owner changed by hand, which stay the owner's. */
  ownerKept: number;
}

/** A re-imported offer takes every column but its creation date; a feed without <count> keeps the owner's stock. */
// A row the owner hid stays hidden whatever the feed says (owner_hidden: migrations/2026113030_owner_hidden.ts).
const OFFER_UPSERT = upsertTail(['store_id', 'id'], OFFER_COLUMNS, {
  keep: ['created_at'],
  set: { stock: 'coalesce(excluded.stock, offers.stock)', active: 'case when offers.owner_hidden = 1 then 0 else excluded.active end' },
});
const SEARCH_UPSERT = upsertTail(['store_id', 'offer_id'], SEARCH_COLUMNS);

/** The values of the offers at `keep` (indices), `width` values each. */
const pick = (flat: unknown[], width: number, keep: number[]) => {
  const out: unknown[] = [];
  for (const i of keep) for (let k = i * width, end = k + width; k < end; k++) out.push(flat[k]);
  return out;
};

/**
 * Writes a batch of prepared offers (prepare.ts): one read of those already stored (their pictures: the
 * owner's uploads are kept after the feed's; one stored earlier in this import is a repeated id, whose earlier
 * params are dropped; an offer the feed gives as the last import wrote it, whose row nobody changed since, is
 * kept as it is), a delete of their earlier params, one multi-row upsert of the rows, one of their search
 * texts, one insert of their shop and warranty filters; their params are staged (importParams.ts).
 */
export async function writeBatch(
  tx: Tx,
  dialect: Dialect,
  storeId: number,
  b: OfferBatch,
  stamp: string,
  params: ImportParams,
  warn: (m: string) => void,
  mayKeep: boolean,
  emptyShop: boolean,
  examples: ImportExamples,
  undo: UndoRecord,
): Promise<Counts> {
  hashBatch(b);
  const { ids, rows } = b;
  const query = tx.selectFrom('offers').select(['id', 'updated_at', 'sort', 'active', 'owner_hidden', 'owner_fields', 'feed_hash', ...HASHED_COLUMNS]).where('store_id', '=', storeId).where('id', 'in', ids);
  // Into a shop that had no offers, a batch without a repeated id finds none stored.
  const stored = emptyShop && !b.repeats ? ([] as Awaited<ReturnType<typeof query.execute>>) : await query.execute();
  const storedById = new Map(stored.map((r) => [r.id, r]));
  // Shown, or hidden by the owner: either way the import leaves the row's visibility as it is.
  const settled = (r: { active: number; owner_hidden: number }) => r.active === 1 || r.owner_hidden === 1;
  // Offers the feed gives exactly as last time, whose rows nobody changed since: kept as they are.
  const candidates: { i: number; bases: Set<number> }[] = [];
  if (mayKeep && b.feedHashes && stored.length) {
    for (let i = 0; i < ids.length; i++) {
      const r = storedById.get(ids[i]);
      if (!r?.feed_hash || r.updated_at === stamp || r.feed_hash !== `${b.feedHashes[i]}:${rowHash(r)}`) continue;
      // Its params must still mean the params it has values of (the owner may have added one deeper since).
      const bases = params.names.resolvedBaseIds(b.categoryIds[i], b.params[i] ? JSON.parse(b.params[i]!) : []);
      if (bases) candidates.push({ i, bases });
    }
  }
  const kept = new Set<number>();
  if (candidates.length) {
    const found = await tx
      .selectFrom('offer_params')
      .select(['offer_id', 'base_id'])
      .where('store_id', '=', storeId)
      .where('offer_id', 'in', candidates.map((c) => ids[c.i]))
      .execute();
    const has = new Map<string, number[]>();
    for (const r of found) has.set(r.offer_id, [...(has.get(r.offer_id) ?? []), r.base_id]);
    for (const c of candidates) if ((has.get(ids[c.i]) ?? []).every((id) => c.bases.has(id))) kept.add(c.i);
  }
  // What the undo puts back: every stored row this batch changes beyond its stamp, as it is (importUndo.ts).
  const before = new Map<string, number | null>();
  for (let i = 0; i < ids.length; i++) {
    const r = storedById.get(ids[i]);
    if (!r || r.updated_at === stamp || (kept.has(i) && settled(r) && r.sort === b.positions[i])) continue;
    before.set(ids[i], kept.has(i) ? r.stock : ((rows[i * OFFER_WIDTH + COL.stock] as number | null) ?? r.stock));
  }
  await undo.offers(before);
  for (const i of kept) params.skip.add(b.positions[i]);
  if (kept.size) {
    // Only what changes is set: `active` and `sort` are in every list index, and setting them (even to the
    // value they have) rewrites those entries; a kept row already shown at its place takes the stamp only.
    const stampOnly: string[] = [];
    const shown: string[] = [];
    const moved: [string, number][] = [];
    const movedShown: [string, number][] = [];
    for (const i of kept) {
      const r = storedById.get(ids[i])!;
      if (r.sort !== b.positions[i]) (settled(r) ? moved : movedShown).push([ids[i], b.positions[i]]);
      else (settled(r) ? stampOnly : shown).push(ids[i]);
    }
    if (stampOnly.length) await tx.updateTable('offers').set({ updated_at: stamp }).where('store_id', '=', storeId).where('id', 'in', stampOnly).execute();
    if (shown.length) await tx.updateTable('offers').set({ updated_at: stamp, active: 1 }).where('store_id', '=', storeId).where('id', 'in', shown).execute();
    if (moved.length) await updateSorts(tx, dialect, storeId, moved, stamp, false);
    if (movedShown.length) await updateSorts(tx, dialect, storeId, movedShown, stamp, true);
  }
  // Unchanged: kept as it is and shown already, or hidden by the owner (a kept offer an import hid comes back:
  // updated). A deleted row the feed brings back (deleted by the owner, or by an undo of the import that made it)
  // is created again.
  let unchanged = 0;
  let revived = 0;
  // Where the owner's hand-made values win over the feed's (kept or written: the row as the feed gives it is
  // compared with the stored one, before keepOwnerFields puts the owner's back; an id repeated in this feed once).
  const ownerKept: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    const name = rows[i * OFFER_WIDTH + COL.name];
    const r = storedById.get(ids[i]);
    if (r?.deleted) revived++;
    if (!r || r.deleted) addExample(examples.created, name);
    else if (kept.has(i) && settled(r)) {
      unchanged++;
      addExample(examples.unchanged, name);
    } else addExample(examples.updated, name);
    if (r && !r.deleted && r.owner_fields && r.updated_at !== stamp && overridesFeed(b, i, r)) ownerKept.push(i);
  }
  const keptIds = new Set([...kept].map((i) => ids[i]));
  const ownerImages = new Map<string, FeedImage[]>();
  const replaced: string[] = [];
  const at = new Map(ids.map((id, i) => [id, i]));
  for (const r of stored) {
    if (keptIds.has(r.id)) continue;
    if (r.updated_at === stamp) {
      replaced.push(r.id);
      warn(`offer ${r.id} appears twice; the later one is kept`);
      params.skip.add(r.sort);
      continue;
    }
    // Params the owner set, or placed by a category the owner chose, stay as stored (the feed's are placed by its category).
    if (!r.deleted && keepsParams(r.owner_fields)) params.skip.add(b.positions[at.get(r.id)!]);
    else replaced.push(r.id);
    if (!r.data.includes('"images"')) continue;
    const imgs = ((JSON.parse(r.data) as { images?: FeedImage[] }).images ?? []).filter((i) => !i.feed && !/^https?:\/\//i.test(i.img));
    if (imgs.length) ownerImages.set(r.id, imgs);
  }
  if (replaced.length) await tx.deleteFrom('offer_params').where('store_id', '=', storeId).where('offer_id', 'in', replaced).execute();
  const written: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    if (kept.has(i)) continue;
    written.push(i);
    const r = storedById.get(ids[i]);
    if (!r) continue;
    // A row it replaces: the owner's pictures stay after the feed's, and the hash names the row as stored
    // (a feed without <count> keeps the stored stock: OFFER_UPSERT).
    const base = i * OFFER_WIDTH;
    const own = ownerImages.get(ids[i]);
    // The fields the owner changed by hand stay theirs (ownerFields.ts).
    let changed = !r.deleted && keepOwnerFields(b, i, r);
    if (own) {
      const data = JSON.parse(rows[base + COL.data] as string) as { images: FeedImage[] };
      const pics = data.images;
      const more = own.filter((o) => !pics.some((p) => p.id === o.id));
      if (more.length) {
        const all = [...pics, ...more].slice(0, 10);
        data.images = all;
        rows[base + COL.data] = JSON.stringify(data);
        rows[base + COL.picture] = all[0]?.img ?? null;
        rows[base + COL.thumb] = all[0]?.thumb ?? null;
        changed = true;
      }
    }
    const stock = rows[base + COL.stock] ?? r.stock ?? null;
    if (rows[base + COL.feed_hash] !== null && (changed || stock !== rows[base + COL.stock]))
      rows[base + COL.feed_hash] = `${b.feedHashes![i]}:${flatRowHash(rows, base, stock)}`;
  }
  // Named as the shop will show them: a kept row as stored, a written one with the owner's fields put back.
  for (const i of ownerKept) addExample(examples.ownerKept, kept.has(i) ? storedById.get(ids[i])!.name : rows[i * OFFER_WIDTH + COL.name]);
  const all = written.length === ids.length;
  // The names' words for typo tolerance, before stemBatch stems the names in place.
  const names = countNameWords(written.map((i) => b.search[i * SEARCH_WIDTH + 2] as string));
  stemBatch(b, written);
  // No row of the batch is stored: nothing to conflict with (PostgreSQL's speculative insertion costs each row of an upsert).
  await insertFlat(tx, dialect, 'offers', OFFER_COLUMNS, all ? rows : pick(rows, OFFER_WIDTH, written), stored.length ? OFFER_UPSERT : '');
  await insertFlat(tx, dialect, 'offer_search', SEARCH_COLUMNS, all ? b.search : pick(b.search, SEARCH_WIDTH, written), SEARCH_UPSERT);
  await addSearchWords(tx, storeId, names);
  return { created: ids.length - stored.length + revived, updated: stored.length - unchanged - revived, unchanged, ownerKept: ownerKept.length };
}
