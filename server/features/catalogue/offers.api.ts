import {
  CUSTOM_PARAM_FIRST,
  CUSTOM_PARAM_LAST,
  IMAGE_SLOT_FIRST,
  MAX_OFFER_IMAGES,
  OFFER_TYPES,
  fieldByName,
  offerSchema,
  offerFieldsFor,
  validateFields,
} from '../../../schemas';
import { badRequest, requiredFields } from '../../errors';
import { deleteOffer, deleteOfferImage, saveOffer } from './offerWrites';
import { countOffers, listOffers } from './offerList';
import { parseSort } from './offerQuery';
import { getOffer, offersByIds } from './offerCards';
import type { ApiContext } from '../../api/context';
import { operationTable } from '../../api/operations';
import { fieldsFromInput, flag, pageOf } from '../../api/input';

const OFFER_ID = fieldByName(offerSchema, 'id').no;
const CATEGORY_ID = fieldByName(offerSchema, 'categoryId').no;
const TYPE = fieldByName(offerSchema, 'type').no;

const idOf = (ctx: ApiContext) => ctx.input.p.get(OFFER_ID)?.trim() || undefined;

/** A category page or a search: hidden=1 lets the owner's panel list products hidden from the shop too. */
async function list(ctx: ApiContext) {
  const { input, store } = ctx;
  const page = pageOf(input);
  const categoryId = input.p.get(CATEGORY_ID)?.trim() || undefined;
  const includeHidden = flag(input, 'hidden') && (await ctx.isOwner());
  const after = input.raw.after?.trim() || undefined;
  if (input.raw.value !== undefined) {
    const word = input.raw.value.trim().slice(0, 200);
    const sort = parseSort(input.raw.sortId || input.raw.sort);
    if (!word) return { offers: [] };
    const offers = await listOffers(ctx.db, ctx.dialect, store.id, { categoryId, page, sort, filters: input.filters, word, includeHidden, after });
    // corrected: the query whose results these are, when the word itself found nothing (a typo, the other layout).
    return { offers: [...offers], ...(offers.next ? { next: offers.next } : {}), ...(offers.corrected ? { corrected: offers.corrected } : {}) };
  }
  const offers = await listOffers(ctx.db, ctx.dialect, store.id, { categoryId, page, sort: parseSort(input.raw.sort), filters: input.filters, includeHidden, after });
  // next: pass it as `after` for the following page (keyset: no repeats or gaps when offers change meanwhile).
  return { offers: [...offers], ...(offers.next ? { next: offers.next } : {}) };
}

const always = () => true;

/**
 * api=offers: the catalogue, one operation per row. Reads: one item (p[478_offer_id]), the cart's stop
 * list (coords + ids), cart lines (ids), a search (value) or a category page (p[287_categoryId], offset,
 * sort, filter[baseId]), or that page's count (count=1: `count`, `more` beyond COUNT_CAP). Owner writes: save (set=1 / update=1 with fields, image slots p[466..475_img] and
 * custom params p[<baseId>_param]), delete (del=1), delete one picture (del=1 with img_id).
 * `cache`: the public reads whose answers are kept per catalogue version (api/responseCache.ts).
 */
export const offers = operationTable([
  {
    name: 'delete',
    access: 'owner',
    when: (ctx) => flag(ctx.input, 'del'),
    run: async (ctx) => {
      const id = idOf(ctx);
      if (!id) throw badRequest('required_fields_error', undefined, ['id']);
      if (ctx.input.raw.img_id) await deleteOfferImage(ctx.db, ctx.store.id, id, ctx.input.raw.img_id);
      else await deleteOffer(ctx.db, ctx.dialect, ctx.store.id, id);
      return { offers: [] };
    },
  },
  { name: 'create', access: 'owner', when: (ctx) => flag(ctx.input, 'set'), run: (ctx) => save(ctx, null) },
  { name: 'update', access: 'owner', when: (ctx) => flag(ctx.input, 'update'), run: (ctx) => save(ctx, idOf(ctx)) },
  {
    name: 'one',
    access: 'public',
    when: (ctx) => idOf(ctx) !== undefined,
    cache: always,
    run: async (ctx) => {
      const owner = await ctx.isOwner();
      // `edit=1` (the admin's item editor): the owner's own `available` flag, whatever the stock. `retired=1` (the
      // storefront's item page): a hidden product too (active false: "no longer sold"); a deleted one stays a 404.
      const includeHidden = owner || ctx.input.raw.retired === '1';
      return { offers: [await getOffer(ctx.db, ctx.store.id, idOf(ctx)!, { includeHidden, ownFlags: owner && ctx.input.raw.edit === '1' })] };
    },
  },
  {
    name: 'stop list',
    access: 'public',
    when: (ctx) => ctx.input.raw.coords !== undefined,
    cache: always,
    run: async (ctx) => {
      // Of the cart's products, those that cannot be ordered now.
      const lines = await offersByIds(ctx.db, ctx.store.id, (ctx.input.raw.ids ?? '').split(','));
      return { offers: lines.filter((o) => o.available !== '1') };
    },
  },
  { name: 'by ids', access: 'public', when: (ctx) => ctx.input.raw.ids !== undefined, cache: always, run: async (ctx) => ({ offers: await offersByIds(ctx.db, ctx.store.id, ctx.input.raw.ids!.split(','), { includeHidden: await ctx.isOwner() }) }) },
  {
    // The filter page's "Показать N товаров": how many products the list would have with these filters.
    name: 'count',
    access: 'public',
    when: (ctx) => flag(ctx.input, 'count'),
    cache: always,
    run: async (ctx) => ({
      offers: [],
      ...(await countOffers(ctx.db, ctx.dialect, ctx.store.id, { categoryId: ctx.input.p.get(CATEGORY_ID)?.trim() || undefined, filters: ctx.input.filters })),
    }),
  },
  // Category pages (any page, offset or keyset) and the first page of a search (deeper ones are rarely asked twice).
  { name: 'list or search', access: 'public', cache: (ctx) => ctx.input.raw.value === undefined || (!ctx.input.raw.after && (!ctx.input.raw.offset || ctx.input.raw.offset === '1')), run: list },
]);

async function save(ctx: ApiContext, id: string | null | undefined) {
  const owner = await ctx.requireOwner();
  const { input, store } = ctx;
  if (id === undefined) throw badRequest('required_fields_error', undefined, ['id']);
  let type = input.p.get(TYPE)?.trim();
  if (!type && id) type = String((await getOffer(ctx.db, store.id, id, { includeHidden: true }) as Record<string, unknown>).type);
  type ||= 'common';
  if (!(OFFER_TYPES as readonly string[]).includes(type)) throw badRequest('invalid_input', undefined, ['type']);
  const fields = offerFieldsFor(type);
  const { values, errors } = validateFields(fields, fieldsFromInput(fields, input), { partial: id !== null });
  const missing = errors.filter((e) => e.code === 'required');
  if (missing.length) throw requiredFields(missing);
  if (errors.length) throw badRequest('invalid_input', undefined, errors);
  values.type = type;
  const params = new Map<number, string>();
  for (const [no, v] of input.p) if (no >= CUSTOM_PARAM_FIRST && no <= CUSTOM_PARAM_LAST) params.set(no, v);
  const files = new Map<number, Buffer>();
  for (const [no, f] of input.files) {
    if (no < IMAGE_SLOT_FIRST || no >= IMAGE_SLOT_FIRST + MAX_OFFER_IMAGES) throw badRequest('invalid_input', undefined, [`${no}`]);
    files.set(no - IMAGE_SLOT_FIRST, f.data);
  }
  const savedId = await saveOffer(ctx.db, ctx.dialect, ctx.services.images, store.id, owner.id, id, { values, params, files });
  return { offers: [await getOffer(ctx.db, store.id, savedId, { includeHidden: true, ownFlags: true })] };
}
