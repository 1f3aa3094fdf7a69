import type { Params } from '../../../dataProvider/apiClient';

/** api=offers, one item: p[478_offer_id]. */
export const itemParams = (id: string): Params => ({ 'p[478_offer_id]': id });
