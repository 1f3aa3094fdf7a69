import { defineEntity } from './field';

export const ingredientSchema = defineEntity('ingredients', 'ingredients', [
  { no: 820, key: 'ingredient_id', name: 'id', type: 'number', readOnly: true, column: 'id' },
  { no: 821, key: 'name', type: 'varchar', required: true, maxLength: 200, column: 'name' },
  { no: 822, key: 'quantity', type: 'float', required: true, min: 0 },
  { no: 823, key: 'price', type: 'float', required: true, min: 0 },
]);

export const itemIngredientSchema = defineEntity('item_ingredients', 'item_ingredients', [
  { no: 830, key: 'item_ingredient_id', name: 'id', type: 'number', readOnly: true, column: 'id' },
  { no: 831, key: 'offer_id', name: 'offerId', type: 'varchar', required: true, column: 'offer_id' },
  { no: 832, key: 'ingredient_id', name: 'ingredientId', type: 'number', required: true, column: 'ingredient_id' },
  { no: 833, key: 'quantity', type: 'float', required: true, min: 0 },
]);
