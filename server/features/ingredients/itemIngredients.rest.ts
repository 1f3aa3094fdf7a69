import type { FastifyInstance } from 'fastify';
import { itemIngredientSchema } from '../../../schemas';
import type { AppServices } from '../../api/context';
import { badRequest } from '../../errors';
import { registerCrud } from '../../rest/crud';

/**
 * /rest/item_ingredients: an item's ingredients with their quantity (`filter={"offerId":"1001"}`, as
 * react-admin's ReferenceManyField asks). Each row also shows the ingredient's name and cost price, so only the
 * owner reads and writes; an item holds an ingredient once.
 */
export function registerItemIngredients(rest: FastifyInstance, services: AppServices) {
  registerCrud(rest, services, {
    resource: 'item_ingredients',
    table: 'item_ingredients',
    schema: itemIngredientSchema,
    publicRead: false,
    sortable: { id: 'id', offerId: 'offer_id', ingredientId: 'ingredient_id' },
    defaultSort: 'id',
    filter: (q, f) => {
      let x = q;
      if (f.offerId !== undefined) x = x.where('offer_id', '=', String(f.offerId));
      if (f.ingredientId !== undefined) {
        const n = Number(f.ingredientId);
        if (!Number.isInteger(n)) throw badRequest('invalid_input', undefined, ['ingredientId']);
        x = x.where('ingredient_id', '=', n);
      }
      return x;
    },
    check: async (v, { db, store }) => {
      const offer = await db.selectFrom('offers').select('id').where('store_id', '=', store.id).where('id', '=', String(v.offerId)).where('deleted', '=', 0).executeTakeFirst();
      if (!offer) throw badRequest('invalid_input', 'Unknown item', [{ field: 'offerId', label: 'resources.item_ingredients.fields.offerId', code: 'invalid' }]);
      const ing = await db.selectFrom('ingredients').select('id').where('store_id', '=', store.id).where('id', '=', Number(v.ingredientId)).executeTakeFirst();
      if (!ing) throw badRequest('invalid_input', 'Unknown ingredient', [{ field: 'ingredientId', label: 'resources.item_ingredients.fields.ingredientId', code: 'invalid' }]);
    },
    enrich: async (db, store, items) => {
      const ids = [...new Set(items.map((i) => Number(i.ingredientId)))];
      if (!ids.length) return;
      const rows = await db.selectFrom('ingredients').select(['id', 'name', 'data']).where('store_id', '=', store.id).where('id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const item of items) {
        const r = byId.get(Number(item.ingredientId));
        item.name = r?.name ?? null;
        item.price = r ? (JSON.parse(r.data).price ?? null) : null;
      }
    },
  });
}
