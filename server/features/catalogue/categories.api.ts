import { categorySchema, fieldByName, validateFields } from '../../../schemas';
import { badRequest, notFound, requiredFields } from '../../errors';
import { categoryToApi, deleteCategory, categoryList, listCategories, saveCategory } from './categories';
import { categoryTree, ownerCategoryTree } from './categoryTree';
import type { ApiContext, Handler } from '../../api/context';
import { fieldsFromInput, flag } from '../../api/input';

const ID_NO = 486;
const PICTURE_NO = fieldByName(categorySchema, 'picture').no;

/** Reads (not set/update/del, not the owner's with_hidden) are public catalogue answers, cached per catalogue version. */
export const isRead = (ctx: ApiContext) => !['del', 'set', 'update', 'with_hidden'].some((f) => flag(ctx.input, f));

/**
 * api=offers_category: the category list (or one with p[486_category_id]); set=1 / update=1 / del=1 by the
 * owner; with_hidden=1 (the owner's) lists the hidden categories too, each marked `hidden`.
 */
export const offersCategory: Handler = Object.assign(async (ctx: ApiContext) => {
  const { input, store } = ctx;
  const id = input.p.get(ID_NO)?.trim() || null;
  if (flag(input, 'del')) {
    await ctx.requireOwner();
    if (!id) throw badRequest('required_fields_error', undefined, ['categoryId']);
    const deleted = await deleteCategory(ctx.db, store.id, id);
    return { offers_category: [], deleted };
  }
  if (flag(input, 'set') || flag(input, 'update')) {
    await ctx.requireOwner();
    const creating = flag(input, 'set');
    if (!creating && !id) throw badRequest('required_fields_error', undefined, ['categoryId']);
    const { values, errors } = validateFields(categorySchema.fields, fieldsFromInput(categorySchema.fields, input), { partial: !creating });
    const missing = errors.filter((e) => e.code === 'required');
    if (missing.length) throw requiredFields(missing);
    if (errors.length) throw badRequest('invalid_input', undefined, errors);
    // The owner's uploaded icon comes as a file in the picture's slot (p[489_picture]), checked by its bytes.
    const file = input.files.get(PICTURE_NO);
    if (file) values.picture = (await ctx.services.images.saveImage(store.id, 'category', file.data)).img;
    const savedId = await saveCategory(ctx.db, store.id, creating ? null : id, values);
    const tree = await ownerCategoryTree(ctx.db, store.id);
    return { offers_category: [categoryToApi(tree.byId.get(savedId)!, store.id)] };
  }
  // (Anyone else asking gets the shoppers' list: an admin signing out may still ask once with its last token gone.)
  const owners = flag(input, 'with_hidden') && (await ctx.isOwner());
  const tree = await (owners ? ownerCategoryTree : categoryTree)(ctx.db, store.id);
  if (id) {
    const node = tree.byId.get(id);
    if (!node) throw notFound();
    return { offers_category: [categoryToApi(node, store.id)] };
  }
  return { offers_category: owners ? listCategories(tree, store.id) : await categoryList(ctx.db, store.id) };
}, { cacheable: isRead });
