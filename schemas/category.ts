import { defineEntity } from './field';

/** The parent id of top-level categories. */
export const ROOT_CATEGORY_ID = '0';
/** Separator of category ids in a route's categoryPath (`/category/1-12-40`). */
export const CATEGORY_PATH_SEPARATOR = '-';

export const categorySchema = defineEntity('offers_category', 'categories', [
  { no: 486, key: 'category_id', name: 'categoryId', type: 'varchar', readOnly: true, column: 'id', maxLength: 80 },
  { no: 487, key: 'category', name: 'category', type: 'varchar', required: true, maxLength: 300, column: 'name' },
  { no: 488, key: 'sub_id', name: 'subId', type: 'varchar', required: true, default: ROOT_CATEGORY_ID, maxLength: 80, column: 'parent_id' },
  { no: 489, key: 'picture', type: 'varchar', maxLength: 300 },
  { no: 490, key: 'sort', type: 'number', default: 0, column: 'sort' },
  // Hidden from shoppers with its sub-categories: by a replace import whose feed lacks it, or by the owner.
  // Only the owner's list (with_hidden=1) shows such categories; public answers leave them out.
  { no: 491, key: 'hidden', type: 'bool', default: false, column: 'hidden' },
]);
