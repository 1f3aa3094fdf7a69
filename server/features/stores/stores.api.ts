import { RICH_TEXT_PAGES, storeSchema, validateFields } from '../../../schemas';
import { badRequest, requiredFields } from '../../errors';
import { acquirerFor } from '../payments/public';
import { saveStore, storeToApi } from './stores';
import type { Handler } from '../../api/context';
import { fieldsFromInput, flag } from '../../api/input';

/** Which single rich-text page a save names: the seed sends a flag (about, delivery, payment or contacts) plus text=1. */
const PAGE_FLAGS: Record<string, (typeof RICH_TEXT_PAGES)[number]> = {
  about: 'about_company',
  about_company: 'about_company',
  delivery: 'delivery',
  payment: 'payment',
  contacts: 'contacts',
};

/** api=stores: load the store (anyone), or save its settings (`update=1`, owner only). */
export const stores: Handler = async (ctx) => {
  const { input } = ctx;
  if (flag(input, 'update')) {
    await ctx.requireOwner();
    let values: Record<string, unknown>;
    if (flag(input, 'text')) {
      const page = Object.keys(PAGE_FLAGS).find((k) => flag(input, k));
      if (!page) throw badRequest('invalid_input', 'Name the page: about, delivery, payment or contacts');
      const field = storeSchema.fields.find((f) => f.name === PAGE_FLAGS[page])!;
      const text = input.p.get(field.no) ?? input.raw.value ?? '';
      const checked = validateFields([field], { [field.name]: text }, { partial: true });
      if (checked.errors.length) throw badRequest('invalid_input', undefined, checked.errors);
      values = checked.values;
    } else {
      const sent = fieldsFromInput(storeSchema.fields, input);
      const { values: v, errors } = validateFields(storeSchema.fields, sent, { partial: true });
      const missing = errors.filter((e) => e.code === 'required');
      if (missing.length) throw requiredFields(missing);
      if (errors.length) throw badRequest('invalid_input', undefined, errors);
      values = v;
      // The logo and favicon come as files in their fields' slots (p[401_logo], p[417_favicon]), checked by their bytes.
      for (const f of storeSchema.fields.filter((x) => x.type === 'image')) {
        const file = input.files.get(f.no);
        if (file) values[f.name] = (await ctx.services.images.saveImage(ctx.store.id, 'store', file.data)).img;
      }
    }
    await saveStore(ctx.db, ctx.store, values);
    ctx.services.stores.forget();
    const fresh = await ctx.db.selectFrom('stores').selectAll().where('id', '=', ctx.store.id).executeTakeFirstOrThrow();
    return { stores: [storeToApi(fresh, { owner: true, acquirerReady: acquirerFor(fresh, ctx.services.config.acquiringUrl) !== null })] };
  }
  const owner = await ctx.isOwner();
  return { stores: [storeToApi(ctx.store, { owner, acquirerReady: acquirerFor(ctx.store, ctx.services.config.acquiringUrl) !== null })] };
};
