import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiObjectOf } from './field';
import { offerSchema } from './offer';
import { storeSchema } from './store';
import { placeSchema } from './place';
import type { Banner, CartLine, Offer, OfferCard, Place, StoreSettings } from '../storefront/lib/types';
import type { BannerApi } from './banner';
import type { WeekHours } from './rules/hours';

/**
 * The storefront's offer, card and store types are inferred from the declarations in schemas/ (tsc checks the
 * expectTypeOf lines; a field retyped in the registry breaks them and the storefront code that reads it).
 */
type OfferApi = ApiObjectOf<typeof offerSchema>;
type StoreApi = ApiObjectOf<typeof storeSchema>;

describe('types inferred from the schema declarations', () => {
  it('offer fields travel as their field type says', () => {
    expectTypeOf<OfferApi['price']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<OfferApi['oldprice']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<OfferApi['available']>().toEqualTypeOf<'1' | '0' | null | undefined>();
    expectTypeOf<OfferApi['description']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<OfferApi['shopId']>().toEqualTypeOf<number | null | undefined>();
    // @ts-expect-error no offer field is called so
    expectTypeOf<OfferApi['no_such_field']>().toBeUnknown();
    expect(offerSchema.fields.some((f) => f.name === 'oldprice' && f.type === 'float')).toBe(true);
  });

  it('the storefront card and item carry what every answer has, the rest as the registry types it', () => {
    expectTypeOf<OfferCard['price']>().toEqualTypeOf<number>();
    expectTypeOf<OfferCard['id']>().toEqualTypeOf<string>();
    expectTypeOf<OfferCard['oldprice']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Offer['sales_notes']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Offer['manufacturer_warranty']>().toEqualTypeOf<'1' | '0' | null | undefined>();
  });

  it('store settings: grouped fields nested, secrets never part of the answer', () => {
    expectTypeOf<StoreApi['min_sum']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<StoreApi['controls']>().toEqualTypeOf<Record<string, '1' | '0'> | undefined>();
    expectTypeOf<StoreApi['colors']>().toEqualTypeOf<Record<string, string> | undefined>();
    expectTypeOf<StoreSettings['name']>().toEqualTypeOf<string>();
    expectTypeOf<StoreSettings['pay_online']>().toEqualTypeOf<'1' | '0' | null | undefined>();
    type Secret = Extract<keyof StoreApi, 'acquiring_password' | 'telegram_bot_token' | 'cashbox_key'>;
    expectTypeOf<Secret>().toBeNever();
    expect(storeSchema.fields.filter((f) => f.secret).map((f) => f.name)).toEqual(expect.arrayContaining(['acquiring_password', 'telegram_bot_token', 'cashbox_key']));
  });

  it('places, cart lines and banners: one declaration each', () => {
    expectTypeOf<Place['id']>().toEqualTypeOf<number>();
    expectTypeOf<Place['name']>().toEqualTypeOf<string>();
    expectTypeOf<Place['week']>().toEqualTypeOf<WeekHours | null | undefined>();
    expectTypeOf<Place['coords']>().toEqualTypeOf<[number, number][] | null | undefined>();
    expect(placeSchema.fields.find((f) => f.name === 'week')?.type).toBe('schedule');
    // A cart line is the card's fields it shows plus its quantity: a card field retyped retypes the line.
    expectTypeOf<CartLine['price']>().toEqualTypeOf<OfferCard['price']>();
    expectTypeOf<CartLine['thumb']>().toEqualTypeOf<OfferCard['thumb']>();
    expectTypeOf<CartLine['quantity']>().toEqualTypeOf<number>();
    // The banner answer is not the registry's codec: the server's bannerToApi and the storefront share BannerApi.
    expectTypeOf<Banner>().toEqualTypeOf<BannerApi>();
  });
});
