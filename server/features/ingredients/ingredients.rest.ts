import type { FastifyInstance } from 'fastify';
import { ingredientSchema } from '../../../schemas';
import type { AppServices } from '../../api/context';
import { registerCrud } from '../../rest/crud';

/**
 * /rest/ingredients: name, quantity (kg) and price. The owner's cost prices: the owner only reads and writes
 * (anyone could read them before; the storefront never shows them).
 */
export function registerIngredients(rest: FastifyInstance, services: AppServices) {
  registerCrud(rest, services, {
    resource: 'ingredients',
    table: 'ingredients',
    schema: ingredientSchema,
    publicRead: false,
    sortable: { id: 'id', name: 'name' },
    defaultSort: 'name',
    searchText: (row) => String(row.name),
    // An ingredient leaves the items that used it.
    beforeDelete: async (db, store, id) => {
      await db.deleteFrom('item_ingredients').where('store_id', '=', store.id).where('ingredient_id', '=', id).execute();
    },
  });
}
