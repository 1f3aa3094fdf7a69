import type { Params } from '../../../dataProvider/apiClient';
import type { PromoRefusal } from '../../../schemas/rules/promo';

/** api=promo: the code and the goods' sum (a code may need a minimum sum). */
export const promoParams = (code: string, goodsTotal: number): Params => ({ code, total: String(goodsTotal) });

export interface PromoAnswer {
  promo?: { code?: string; kind?: string; discount?: number; amount?: number; condition?: number; status?: string; reason?: PromoRefusal | null };
}
