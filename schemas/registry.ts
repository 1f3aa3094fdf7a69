import type { EntitySchema, FieldDef } from './field';
import { storeSchema } from './store';
import { offerSchema } from './offer';
import { categorySchema } from './category';
import { paramSchema, paramValueSchema } from './param';
import { bannerSchema } from './banner';
import { placeSchema } from './place';
import { orderFormSchema, orderSchema } from './order';
import { promoCodeSchema } from './promo';
import { ingredientSchema, itemIngredientSchema } from './ingredient';
import { subscriptionSchema, questionSchema } from './customer';

/** Every entity of the shop, by its API / resource name. */
export const ENTITIES = {
  stores: storeSchema,
  offers: offerSchema,
  offers_category: categorySchema,
  offers_params: paramSchema,
  offers_params_values: paramValueSchema,
  shop_banners: bannerSchema,
  places: placeSchema,
  order_form: orderFormSchema,
  orders: orderSchema,
  promo_codes: promoCodeSchema,
  ingredients: ingredientSchema,
  item_ingredients: itemIngredientSchema,
  subscriptions: subscriptionSchema,
  questions: questionSchema,
} satisfies Record<string, EntitySchema>;

export type EntityName = keyof typeof ENTITIES;

/** The numbered registry: every field of every entity by its protocol number. */
export const REGISTRY: ReadonlyMap<number, FieldDef & { entity: EntityName }> = new Map(
  (Object.entries(ENTITIES) as [EntityName, EntitySchema][]).flatMap(([entity, s]) => s.fields.map((f) => [f.no, { ...f, entity }] as const)),
);
