import { fieldByName, formParam } from '../../../schemas/field';
import { offerSchema } from '../../../schemas/offer';
import type { Params } from '../../../dataProvider/apiClient';

/** api=offers, one item: p[478_offer_id]. */
const OFFER_ID = formParam(fieldByName(offerSchema, 'id'));
export const itemParams = (id: string): Params => ({ [OFFER_ID]: id });
