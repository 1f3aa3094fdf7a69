import { isBlank } from '../../../schemas/field';
import { paramField } from '../../../dataProvider/apiFields';
import type { ParamRecord } from './ParamsInputs';

/**
 * Which parameters the item editor offers a product: its category's own, not every parameter of the shop.
 *
 * The data model: a parameter belongs to a category ('0': the whole shop) and a product of category C may
 * have values of the parameters on C's path (schemas/param.ts, server/features/catalogue/params.ts). A YML
 * feed's `<param>` names no category, so an import makes every parameter shop-wide, and the path alone
 * would put 'Носитель: Винил/CD' on a tie. So "its category's parameters" are: those the owner made for
 * the category or a category above it, the shop-wide ones that the category's products actually use
 * (GET /rest/offers/param_usage), and any the product already has a value of. The other shop-wide ones
 * stay one click away ("add a parameter").
 */
export function editorParams(scope: ParamRecord[], used: ReadonlySet<number>, values: Record<string, unknown>, added: ReadonlySet<string>): { shown: ParamRecord[]; others: ParamRecord[] } {
  const shown: ParamRecord[] = [];
  const others: ParamRecord[] = [];
  for (const p of scope) {
    const own = String(p.categoryId ?? '0') !== '0';
    const value = values[paramField(p.baseId)];
    const has = typeof value === 'boolean' || !isBlank(value);
    (own || used.has(Number(p.baseId)) || has || added.has(String(p.baseId)) ? shown : others).push(p);
  }
  return { shown, others };
}
