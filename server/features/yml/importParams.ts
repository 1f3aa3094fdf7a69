/**
 * The params of an import. A param's filter slot and kind depend on every offer that uses its name, so the
 * values cannot be written as the offers stream by: each offer's raw params go to a staging table (a temp
 * table of the import's transaction, one row per offer with its params as JSON: a quarter of the rows to
 * write and read back than one per value) while only per-name counts stay in memory; at the end the new params
 * are placed (paramSlots.ts), and the staged values are read back in ranges and written as offer_params.
 * Memory stays flat however many offers the feed has.
 */
import type { ParamKind } from '../../../schemas';
import { sql } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Tx } from '../../db/types';
import { loadParams, loadParents, type ParamInfo } from '../catalogue/params';
import { insertRows } from './bulkInsert';
import { ParamNames, type NameStats, type ParamSnapshot } from './paramNames';
import { planSlots } from './paramSlots';
import type { YmlParam } from './parseYml';

const BOOL_WORDS = new Set(['да', 'нет', 'yes', 'no', 'true', 'false', 'есть']);
export const isNumber = (v: string) => /^-?\d+([.,]\d+)?$/.test(v.trim());

/** The kind a new param gets from every value the feed gave it. */
export function inferKind(values: string[]): ParamKind {
  if (values.length && values.every(isNumber)) return values.every((v) => /^-?\d+$/.test(v.trim())) ? 'number' : 'float';
  if (values.length && values.every((v) => BOOL_WORDS.has(v.trim().toLowerCase()))) return 'bool';
  return 'select';
}
const boolValue = (v: string) => (['да', 'yes', 'true', 'есть', '1'].includes(v.trim().toLowerCase()) ? '1' : '0');

const STAGE = 'yml_import_params';
const STAGE_COLUMNS = ['seq', 'pos', 'offer_id', 'category_id', 'params'] as const;
/** Staged offers read back per query. */
const READ = 2_000;
const PARAM_COLUMNS = ['store_id', 'offer_id', 'base_id', 'value', 'num'] as const;

export class ImportParams {
  private seq = 0;
  private rows: unknown[][] = [];
  /** Offer positions whose params a later occurrence of the same id replaces. */
  readonly superseded = new Set<number>();
  /** What the shop's param names mean (the worker counts the feed's new names with a copy of it). */
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
    await sql.raw(`drop table if exists ${STAGE}`).execute(tx);
    await sql
      .raw(
        `create temporary table ${STAGE} (seq integer primary key, pos integer not null, offer_id text not null, category_id text not null, ` +
          `params text not null)${dialect === 'postgres' ? ' on commit drop' : ''}`,
      )
      .execute(tx);
    return new ImportParams(tx, dialect, storeId, { existing: await loadParams(tx, storeId), parents: await loadParents(tx, storeId) });
  }

  /** An accepted offer's params (as JSON, null when it has none): staged for the end. */
  stage(pos: number, offerId: string, categoryId: string, params: string | null): void {
    if (params !== null) this.rows.push([++this.seq, pos, offerId, categoryId, params]);
  }

  /** Writes the staged rows gathered so far (called with each batch of offers). */
  async flush(): Promise<void> {
    if (!this.rows.length) return;
    const rows = this.rows;
    this.rows = [];
    await insertRows(this.tx, this.dialect, STAGE, STAGE_COLUMNS, rows);
  }

  /**
   * Creates the feed's new params, maps every value (select values to value ids) and writes them per offer.
   * A name on an offer uses the param of that name on the offer's category path when there is one; new
   * names get filter slots per category path (paramSlots.ts); a category whose paths are full keeps the
   * rest on its offers as display-only properties (`data.props`, shown on the item page, not filterable).
   * The offers' earlier values are already deleted (with each batch of offers).
   */
  async finish(seen: Map<string, NameStats>): Promise<{ created: number; displayOnly: number }> {
    await this.flush();
    const { tx, storeId, names } = this;
    const plan = planSlots(names.existing, names.parents, seen);
    let created = 0;
    for (const c of plan.created) {
      const s = seen.get(c.key)!;
      const kind = inferKind(s.values);
      const row = await tx
        .insertInto('params')
        .values({ store_id: storeId, base_id: c.baseId, category_id: c.categoryId, name: s.name, kind, is_required: 0, unit: s.unit ?? null, sort: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      const param: ParamInfo = { id: row.id, baseId: c.baseId, categoryId: c.categoryId, name: s.name, kind, isRequired: false, unit: s.unit ?? null, sort: created };
      names.named.set(c.key, [...(names.named.get(c.key) ?? []), param]);
      for (const cat of c.categories) names.resolved.set(`${c.key}\u0000${cat}`, param);
      created++;
    }
    const displayOnlyNames = new Set([...plan.displayOnly].map((k) => k.split('\u0000')[0]));
    seen.clear();

    // Select values: the ids of known names, new ids for new names (inserted in batches at the end).
    const valueIds = new Map<number, { ids: Map<string, string>; next: number }>();
    const selectIds = [...names.named.values()].flat().filter((p) => p.kind === 'select').map((p) => p.id);
    for (const p of selectIds) valueIds.set(p, { ids: new Map(), next: 1 });
    if (selectIds.length) {
      const rows = await tx.selectFrom('param_values').select(['param_id', 'id', 'name']).where('store_id', '=', storeId).execute();
      for (const r of rows) {
        const m = valueIds.get(r.param_id);
        if (!m) continue;
        m.ids.set(r.name.toLowerCase(), r.id);
        if (/^\d+$/.test(r.id)) m.next = Math.max(m.next, Number(r.id) + 1);
      }
    }
    const newValues: unknown[][] = [];
    const valueIdOf = (paramId: number, name: string) => {
      const m = valueIds.get(paramId)!;
      const hit = m.ids.get(name.toLowerCase());
      if (hit) return hit;
      const id = String(m.next++);
      newValues.push([storeId, paramId, id, name, Number(id)]);
      m.ids.set(name.toLowerCase(), id);
      return id;
    };

    let out: unknown[][] = [];
    const props: { offerId: string; props: YmlParam[] }[] = [];
    // One offer occurrence at a time (a staged row).
    let offerId = '';
    let keys = new Set<string>();
    let own: YmlParam[] = [];
    const endOffer = async () => {
      if (own.length) props.push({ offerId, props: own });
      own = [];
      keys = new Set();
      if (props.length >= 200) await this.writeProps(props.splice(0));
      if (out.length >= 5_000) await insertRows(tx, this.dialect, 'offer_params', PARAM_COLUMNS, out.splice(0));
    };
    // One row per (offer, param, value): a value repeated in one offer counts once.
    const push = (baseId: number, value: string, num: number | null) => {
      const k = `${baseId}\u0000${value}`;
      if (keys.has(k)) return;
      keys.add(k);
      out.push([storeId, offerId, baseId, value, num]);
    };
    for (let from = 1; from <= this.seq; from += READ) {
      const rows = (await tx
        .selectFrom(STAGE as never)
        .select(['pos', 'offer_id', 'category_id', 'params'] as never[])
        .where('seq' as never, '>=', from as never)
        .where('seq' as never, '<', (from + READ) as never)
        .orderBy('seq' as never)
        .execute()) as unknown as { pos: number; offer_id: string; category_id: string; params: string }[];
      for (const r of rows) {
        if (this.superseded.has(r.pos)) continue;
        await endOffer();
        offerId = r.offer_id;
        for (const v of JSON.parse(r.params) as YmlParam[]) {
          const p = names.resolve(v.name.toLowerCase(), r.category_id);
          if (!p) {
            own.push(v.unit ? { name: v.name, unit: v.unit, value: v.value } : { name: v.name, value: v.value });
            continue;
          }
          if (p.kind === 'select') push(p.baseId, valueIdOf(p.id, v.value), null);
          else if (p.kind === 'bool') push(p.baseId, boolValue(v.value), null);
          else if (p.kind === 'number' || p.kind === 'float') {
            if (!isNumber(v.value)) continue;
            const value = v.value.trim().replace(',', '.');
            push(p.baseId, value, Number(value));
          } else push(p.baseId, v.value, null);
        }
      }
    }
    await endOffer();
    await this.writeProps(props);
    await insertRows(tx, this.dialect, 'offer_params', PARAM_COLUMNS, out);
    out = [];
    await insertRows(tx, this.dialect, 'param_values', ['store_id', 'param_id', 'id', 'name', 'sort'], newValues);
    await sql.raw(`drop table if exists ${STAGE}`).execute(tx);
    return { created, displayOnly: displayOnlyNames.size };
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

export { PARAM_COLUMNS };
