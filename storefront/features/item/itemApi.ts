import type { Params } from '../../../dataProvider/apiClient';

/** api=offers, one item: p[478_offer_id]; retired=1: a product the shop no longer sells answers too (its page says so). */
export const itemParams = (id: string): Params => ({ 'p[478_offer_id]': id, retired: '1' });
