/**
 * The params of an import, the writer's side (the preparer stages the values and maps them at the end:
 * stagedParams.ts). Once the whole feed is read, the feed's new names are placed in filter slots
 * (paramSlots.ts) and their params created; the plan goes back to the preparer, whose offer_params rows and
 * display-only properties are written here as they come.
 */
import type { Dialect } from '../../../db/database';
import type { Tx } from '../../../db/types';
import { loadParams, loadParents, type ParamInfo } from '../../catalogue/public';
import { insertFlat, insertRows } from './bulkInsert';
import { ParamNames, type NameStats, type ParamSnapshot } from '../parse/paramNames';
import { planSlots } from '../parse/paramSlots';
import type { YmlParam } from '../parse/types';
import { inferKind, PARAM_COLUMNS, PositionSet, type ParamPlan, type ParamSink } from '../parse/stagedParams';

export { inferKind, isNumber } from '../parse/stagedParams';
export { PARAM_COLUMNS };

export class ImportParams {
  /** Offer positions whose staged params are not written: a later occurrence of the same id replaces them, or the offer was kept as stored. */
  readonly skip = new PositionSet();
  /** What the shop's param names mean (the preparer counts and maps the feed's names with a copy of it). */
  readonly names: ParamNames;

  private constructor(
    private tx: Tx,
    private dialect: Dialect,
    private storeId: number,
    readonly snapshot: ParamSnapshot,
  ) {
    this.names = new ParamNames(snapshot);
  }

  /** Called once the feed's categories are written (their parents decide which param a name means). */
  static async open(tx: Tx, dialect: Dialect, storeId: number): Promise<ImportParams> {
    return new ImportParams(tx, dialect, storeId, { existing: await loadParams(tx, storeId), parents: await loadParents(tx, storeId) });
  }

  /**
   * Creates the feed's new params: a name on an offer uses the param of that name on the offer's category
   * path when there is one; new names get filter slots per category path (paramSlots.ts); a category whose
   * paths are full keeps the rest on its offers as display-only properties (`data.props`, shown on the item
   * page, not filterable). Gives the plan the staged values are mapped by, with the select params' value ids.
   * The offers' earlier values are already deleted (with each batch of offers).
   */
  async plan(seen: Map<string, NameStats>): Promise<{ plan: ParamPlan; created: number; displayOnly: number }> {
    const { tx, storeId, names } = this;
    const slots = planSlots(names.existing, names.parents, seen);
    const created: ParamPlan['created'] = [];
    for (const c of slots.created) {
      const s = seen.get(c.key)!;
      const kind = inferKind(s.values);
      const sort = created.length;
      const row = await tx
        .insertInto('params')
        .values({ store_id: storeId, base_id: c.baseId, category_id: c.categoryId, name: s.name, kind, is_required: 0, unit: s.unit ?? null, sort })
        .returning('id')
        .executeTakeFirstOrThrow();
      const param: ParamInfo = { id: row.id, baseId: c.baseId, categoryId: c.categoryId, name: s.name, kind, isRequired: false, unit: s.unit ?? null, sort };
      names.named.set(c.key, [...(names.named.get(c.key) ?? []), param]);
      created.push({ key: c.key, param, categories: c.categories });
    }
    const displayOnlyNames = new Set([...slots.displayOnly].map((k) => k.split('\u0000')[0]));
    seen.clear();

    // Select values: the ids of known names, new ids for new names (assigned as they are mapped).
    const values: ParamPlan['values'] = new Map();
    const selectIds = [...names.named.values()].flat().filter((p) => p.kind === 'select').map((p) => p.id);
    for (const p of selectIds) values.set(p, { ids: new Map(), next: 1 });
    if (selectIds.length) {
      const rows = await tx.selectFrom('param_values').select(['param_id', 'id', 'name']).where('store_id', '=', storeId).execute();
      for (const r of rows) {
        const m = values.get(r.param_id);
        if (!m) continue;
        m.ids.set(r.name.toLowerCase(), r.id);
        if (/^\d+$/.test(r.id)) m.next = Math.max(m.next, Number(r.id) + 1);
      }
    }
    return { plan: { storeId, created, values, skip: this.skip.bits }, created: created.length, displayOnly: displayOnlyNames.size };
  }

  /** Where the mapped values go. */
  sink(): ParamSink {
    return {
      rows: (values) => insertFlat(this.tx, this.dialect, 'offer_params', PARAM_COLUMNS, values),
      props: (list) => this.writeProps(list),
    };
  }

  /** The new select values (param_values rows), once every offer's values are written. */
  async writeValues(rows: unknown[][]): Promise<void> {
    await insertRows(this.tx, this.dialect, 'param_values', ['store_id', 'param_id', 'id', 'name', 'sort'], rows);
  }

  /** Display-only params go into their offers' data (one read for the lot, one update per offer). */
  private async writeProps(list: { offerId: string; props: YmlParam[] }[]): Promise<void> {
    if (!list.length) return;
    const { tx, storeId } = this;
    const rows = await tx.selectFrom('offers').select(['id', 'data']).where('store_id', '=', storeId).where('id', 'in', list.map((l) => l.offerId)).execute();
    const data = new Map(rows.map((r) => [r.id, r.data]));
    for (const l of list) {
      const d = JSON.parse(data.get(l.offerId)!) as Record<string, unknown>;
      await tx.updateTable('offers').set({ data: JSON.stringify({ ...d, props: l.props }) }).where('store_id', '=', storeId).where('id', '=', l.offerId).execute();
    }
  }
}
