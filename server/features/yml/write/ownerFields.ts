import { fromRow, offerSchema } from '../../../../schemas';
import { displayNameOf, parseOwnerFields, sameValue } from '../../catalogue/public';
import { searchSource } from '../../../lib/searchText';
import { COL, OFFER_COLUMNS, OFFER_WIDTH, SEARCH_WIDTH, type OfferBatch } from '../parse/prepare';

/** A stored row as writeBatch reads it: its columns and its `data` document. */
type Stored = Record<string, unknown> & { owner_fields: string | null; data: string; cat_path: string };

const fieldNamed = (name: string) => offerSchema.fields.find((f) => f.name === name);

/**
 * Whether the feed gives a re-imported offer (the batch's row `i`, as the feed has it: before keepOwnerFields)
 * another value of a field its owner changed by hand: a product whose owner's value wins over the feed's, which
 * the import's report counts (ownerKept). The params are not compared (their stored values are not read here):
 * an offer whose only locked field is `params` is not counted.
 */
export function overridesFeed(b: OfferBatch, i: number, stored: Stored): boolean {
  const fields = parseOwnerFields(stored.owner_fields);
  if (!fields.length) return false;
  const base = i * OFFER_WIDTH;
  let data: Record<string, unknown> | undefined;
  let own: Record<string, unknown> | undefined;
  for (const name of fields) {
    const f = fieldNamed(name);
    if (!f) continue;
    if (f.column) {
      const at = (COL as Record<string, number | undefined>)[f.column];
      if (at !== undefined && !sameValue(b.rows[base + at], stored[f.column])) return true;
      continue;
    }
    data ??= JSON.parse(b.rows[base + COL.data] as string) as Record<string, unknown>;
    own ??= JSON.parse(stored.data) as Record<string, unknown>;
    if (!sameValue(data[name], own[name])) return true;
  }
  return false;
}

/**
 * Puts back into a re-imported offer (the batch's row `i`) the fields its owner changed by hand
 * (offers.owner_fields: catalogue/ownerFields.ts), then the name and search texts made from them. The feed
 * still writes everything else: stock, availability, pictures, params (unless the owner set them or chose
 * the category: writeBatch keeps them, keepsParams) and the fields nobody edited.
 * Answers whether the row changed.
 */
export function keepOwnerFields(b: OfferBatch, i: number, stored: Stored): boolean {
  const fields = parseOwnerFields(stored.owner_fields);
  if (!fields.length) return false;
  const base = i * OFFER_WIDTH;
  const data = JSON.parse(b.rows[base + COL.data] as string) as Record<string, unknown>;
  const own = JSON.parse(stored.data) as Record<string, unknown>;
  for (const name of fields) {
    const f = fieldNamed(name);
    if (!f) continue;
    if (f.column) {
      const at = (COL as Record<string, number | undefined>)[f.column];
      if (at === undefined) continue;
      b.rows[base + at] = stored[f.column] ?? null;
      // (Its params then stay as stored: writeBatch skips the feed's, staged by the feed's category.)
      if (f.column === 'category_id') b.rows[base + COL.cat_path] = stored.cat_path;
    } else if (name in own) data[name] = own[name];
    else delete data[name];
  }
  b.rows[base + COL.data] = JSON.stringify(data);
  const row = Object.fromEntries(OFFER_COLUMNS.map((c, k) => [c, b.rows[base + k]]));
  const values = fromRow(offerSchema, row);
  // The name column as the import makes it (a vendor.model's from its parts), here from the kept parts too.
  const name = displayNameOf(values) || `#${b.ids[i]}`;
  b.rows[base + COL.name] = name;
  const source = searchSource({ ...values, name });
  b.search[i * SEARCH_WIDTH + 2] = source.name;
  b.search[i * SEARCH_WIDTH + 3] = source.text;
  return true;
}

