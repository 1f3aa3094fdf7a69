import { fromRow, normalizePromoCode, promoCodeSchema, toApiObject, toRow } from '../../../schemas';
import type { Executor } from '../../db/types';
import { ApiError, errorText } from '../../errors';
import { formatRoubles } from '../../../schemas/rules/money';
import { promoKindOf, useLimit, type PromoKind, type PromoRefusal, type PromoTerms } from '../../../schemas/rules/promo';

/**
 * Promo codes as the server keeps them (table promo_codes): reading a code, its owner's view, counting a
 * use in the order's transaction, and the refusal as the protocol's error. Whether a code applies is the
 * rule's (schemas/rules/promo.ts checkPromo), shared with the storefront.
 */

export type { PromoRefusal };

/** A stored promo code as typed values (schemas/promo.ts) plus its usage count. */
export interface Promo extends PromoTerms {
  id: number;
  code: string;
  name?: string;
  kind: PromoKind;
  /** Percent off each unit (kind 'percent'). */
  discount: number;
  /** The sum off the goods (kind 'fixed'). */
  amount: number;
}

/** The percent a code takes off each unit: its discount for a percent code, 0 for the other kinds. */
export const promoPercent = (p: Pick<Promo, 'kind' | 'discount'> | null | undefined): number => (p && p.kind === 'percent' ? p.discount : 0);

/** A refusal's params: the reason and the code's minimum sum; its text is i18n `errors.promo_<reason>`. */
export const promoParams = (reason: PromoRefusal, promo?: Pick<Promo, 'condition'> | null) => ({ reason, sum: formatRoubles(promo?.condition ?? 0) });

/** A refusal's Russian text (the api=promo answer's `message`). */
export const promoMessage = (reason: PromoRefusal, promo?: Pick<Promo, 'condition'> | null) => errorText(`promo_${reason}`, promoParams(reason, promo));

type PromoRow = { id: number; code: string; used_count: number; data: string };

export function promoFromRow(row: PromoRow): Promo {
  const v = fromRow(promoCodeSchema, row as unknown as Record<string, unknown>);
  return {
    ...(v as object),
    id: row.id,
    code: row.code,
    kind: promoKindOf(v.kind),
    discount: Number(v.discount ?? 0),
    amount: Number(v.amount ?? 0) || 0,
    isOnceOnly: v.isOnceOnly === true,
    maxUses: Number(v.maxUses) > 0 ? Math.floor(Number(v.maxUses)) : null,
    condition: Number(v.condition ?? 0) || 0,
    count: Number(row.used_count),
  } as Promo;
}

/** The owner's view of a code: schema fields, `count` = times used, `isUsed` for a code used up (single use, or its use limit reached). */
export function promoToApi(p: Promo): Record<string, unknown> {
  const limit = useLimit(p);
  return { ...toApiObject(promoCodeSchema, { ...p, isUsed: limit !== null && p.count >= limit }), id: p.id };
}

export const promoRow = (values: Record<string, unknown>) => toRow(promoCodeSchema, values);

export async function findPromo(db: Executor, storeId: number, rawCode: string): Promise<Promo | null> {
  const code = normalizePromoCode(rawCode);
  if (!code) return null;
  const row = await db.selectFrom('promo_codes').selectAll().where('store_id', '=', storeId).where('code', '=', code).executeTakeFirst();
  return row ? promoFromRow(row) : null;
}

/**
 * Counts one use inside the order's transaction. A code with a use limit (1 for a single-use code) goes up
 * by one only while under its limit, in one conditional UPDATE, so of any number of parallel orders
 * exactly as many as the limit allows get it.
 */
export async function usePromo(tx: Executor, storeId: number, p: Promo): Promise<void> {
  let q = tx
    .updateTable('promo_codes')
    .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
    .where('store_id', '=', storeId)
    .where('id', '=', p.id);
  const limit = useLimit(p);
  if (limit !== null) q = q.where('used_count', '<', limit);
  const r = await q.executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw promoError('used', p);
}

export const promoError = (reason: PromoRefusal, p?: Pick<Promo, 'condition'> | null) =>
  new ApiError(400, 'promo_error', promoParams(reason, p), ['client_promocode'], `promo_${reason}`);
