import { describe, expect, it } from 'vitest';
import { fieldByName, formParam, offerSchema, paramSchema } from '../../../schemas';
import { itemParams } from '../item/itemApi';
import { categoryPageParams, paramsParams } from './catalogueApi';

/**
 * The first screen's requests spell their keys out (importing the offer schema would add ~4 KB to the
 * initial bundle); these keys must stay the registry's.
 */
describe('first-screen request keys', () => {
  it('are the registry’s form parameters', () => {
    // `retired` is a flag of api=offers, not a field: the item page also reads a product no longer sold.
    expect(Object.keys(itemParams('x'))).toEqual([formParam(fieldByName(offerSchema, 'id')), 'retired']);
    expect(Object.keys(paramsParams('7'))).toEqual([formParam(fieldByName(paramSchema, 'categoryId'))]);
    expect(Object.keys(categoryPageParams('7', 0))).toContain(formParam(fieldByName(offerSchema, 'categoryId')));
  });
});
