import type { FastifyInstance } from 'fastify';
import { ingredientSchema } from '../../schemas';
import type { AppServices } from '../api/context';
import { ilike } from '../db/database';
import { registerCrud } from './crud';
import { likePattern } from './text';

/** /rest/ingredients: name, quantity (kg) and price. Anyone may read; the owner writes. */
export function registerIngredients(rest: FastifyInstance, services: AppServices) {
  registerCrud(rest, services, {
    resource: 'ingredients',
    table: 'ingredients',
    schema: ingredientSchema,
    publicRead: true,
    sortable: { id: 'id', name: 'name' },
    defaultSort: 'name',
    filter: (q, f, { dialect }) => (typeof f.q === 'string' && f.q.trim() ? q.where('name', ilike(dialect), likePattern(f.q)) : q),
    // An ingredient leaves the items that used it.
    beforeDelete: async (db, store, id) => {
      await db.deleteFrom('item_ingredients').where('store_id', '=', store.id).where('ingredient_id', '=', id).execute();
    },
  });
}
