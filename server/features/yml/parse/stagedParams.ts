/**
 * The feed's params between the offers and the end of an import. A param's filter slot and kind depend on
 * every offer that uses its name, so the values cannot be written as the offers stream by: the writer
 * (importYml.ts) appends each offer's raw params, as the preparer gave them in its batch, to a staging file,
 * one JSON line per offer, while the preparer (prepare.ts, in the import's worker thread) keeps only per-name
 * counts in memory (paramNames.ts). Once the writer has placed the new names (importParams.ts, paramSlots.ts)
 * it sends the plan, and the preparer reads the file again and maps every value to its param (select values
 * to value ids) as offer_params rows, which the writer inserts as they come. A file rather than a table:
 * appending a line costs the writer little (and it has time to spare while the worker parses), reading it
 * back and mapping cost it nothing. Memory stays flat however many offers the feed has.
 */
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { ParamKind } from '../../../../schemas';
import type { ParamInfo } from '../../catalogue/public';
import type { ParamNames } from './paramNames';
import type { YmlParam } from './types';

const BOOL_WORDS = new Set(['да', 'нет', 'yes', 'no', 'true', 'false', 'есть']);
export const isNumber = (v: string) => /^-?\d+([.,]\d+)?$/.test(v.trim());

/** The kind a new param gets from every value the feed gave it. */
export function inferKind(values: string[]): ParamKind {
  if (values.length && values.every(isNumber)) return values.every((v) => /^-?\d+$/.test(v.trim())) ? 'number' : 'float';
  if (values.length && values.every((v) => BOOL_WORDS.has(v.trim().toLowerCase()))) return 'bool';
  return 'select';
}
const boolValue = (v: string) => (['да', 'yes', 'true', 'есть', '1'].includes(v.trim().toLowerCase()) ? '1' : '0');

/** offer_params columns; the rows go to the writer laid end to end. */
export const PARAM_COLUMNS = ['store_id', 'offer_id', 'base_id', 'value', 'num'] as const;
const WIDTH = PARAM_COLUMNS.length;

/** Offer positions (their place in the feed) as bits: those whose staged params are not to be written. */
export class PositionSet {
  bits = new Uint8Array(1024);
  add(pos: number): void {
    if (pos >> 3 >= this.bits.length) {
      const grown = new Uint8Array(Math.max(this.bits.length * 2, (pos >> 3) + 1));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[pos >> 3] |= 1 << (pos & 7);
  }
  static has(bits: Uint8Array, pos: number): boolean {
    return pos >> 3 < bits.length && (bits[pos >> 3] & (1 << (pos & 7))) !== 0;
  }
}

/** What the writer decided at the end, for the preparer to map the staged values with. */
export interface ParamPlan {
  storeId: number;
  /** The params created for new names, and the feed categories whose offers take their values from each. */
  created: { key: string; param: ParamInfo; categories: string[] }[];
  /** Each select param's known value ids (by lower-cased name) and the next free id. */
  values: Map<number, { ids: Map<string, string>; next: number }>;
  /** PositionSet bits: offers whose params are not written (a later occurrence of the id, or kept as stored). */
  skip: Uint8Array;
}

/** The writer's side of the mapping. */
export interface ParamSink {
  /** offer_params rows, PARAM_COLUMNS.length values each. */
  rows(values: unknown[]): Promise<void>;
  /** Display-only params of offers (their category's paths have no free filter slot). */
  props(list: { offerId: string; props: YmlParam[] }[]): Promise<void>;
}

/**
 * The staging file: one line per offer with params, `[position, offer id, category id, params]`. No file
 * descriptor is held between calls (appends and reads open and close it): a worker ended mid-import leaks none.
 */
export class ParamStage {
  private pending = '';
  /** `fresh`: the file is emptied (the writer's side); else it is read as the writer left it. */
  constructor(
    readonly file: string,
    fresh = true,
  ) {
    if (fresh) fs.writeFileSync(file, '');
  }

  add(pos: number, offerId: string, categoryId: string, paramsJson: string): void {
    this.pending += `[${pos},${JSON.stringify(offerId)},${JSON.stringify(categoryId)},${paramsJson}]\n`;
    if (this.pending.length > 1 << 19) this.flush();
  }

  flush(): void {
    if (!this.pending) return;
    fs.appendFileSync(this.file, this.pending);
    this.pending = '';
  }

  /** The staged lines in order. */
  *read(): Generator<[number, string, string, YmlParam[]]> {
    this.flush();
    const buf = Buffer.allocUnsafe(1 << 20);
    const decoder = new StringDecoder('utf8');
    let rest = '';
    for (let position = 0; ; ) {
      const fd = fs.openSync(this.file, 'r');
      let n: number;
      try {
        n = fs.readSync(fd, buf, 0, buf.length, position);
      } finally {
        fs.closeSync(fd);
      }
      if (n === 0) break;
      position += n;
      const lines = (rest + decoder.write(buf.subarray(0, n))).split('\n');
      rest = lines.pop()!;
      for (const line of lines) yield JSON.parse(line);
    }
    rest += decoder.end();
    if (rest) yield JSON.parse(rest);
  }
}

/**
 * The mapped offer_params rows on their way from the worker to the writer: appended to a file (one JSON array
 * of rows laid end to end per chunk) and only their place sent over, so the worker maps every value without
 * waiting for the writer, which builds the offers' indexes meanwhile (importYml.ts), and neither thread holds
 * more than a chunk. No file descriptor is held between calls.
 */
export class RowFile {
  private size = 0;
  constructor(readonly file: string) {
    fs.writeFileSync(file, '');
  }

  /** The file of the mapped rows beside a staging file. */
  static beside(stagingFile: string): string {
    return `${stagingFile}.rows`;
  }

  /** Appends a chunk; where it is, or null when a value would not come back from JSON (a number too big to be finite). */
  append(values: unknown[]): { offset: number; length: number } | null {
    for (const v of values) if (typeof v === 'number' && !Number.isFinite(v)) return null;
    const buf = Buffer.from(JSON.stringify(values));
    fs.appendFileSync(this.file, buf);
    const at = { offset: this.size, length: buf.length };
    this.size += buf.length;
    return at;
  }

  static read(file: string, offset: number, length: number): unknown[] {
    const buf = Buffer.allocUnsafe(length);
    const fd = fs.openSync(file, 'r');
    try {
      for (let n = 0; n < length; ) {
        const got = fs.readSync(fd, buf, n, length - n, offset + n);
        if (got === 0) throw new Error(`the mapped params file ended at ${offset + n} of ${offset + length}`);
        n += got;
      }
    } finally {
      fs.closeSync(fd);
    }
    return JSON.parse(buf.toString('utf8')) as unknown[];
  }
}

/**
 * Maps the staged values by the plan: a name on an offer uses the param of that name on the offer's category
 * path when there is one (`names`, the same resolver that counted the names, with the created params added);
 * one offer_params row per (offer, param, value); names without a param on a category are display-only
 * properties of its offers. Resolves with the new select values' param_values rows.
 */
export async function mapStaged(stage: ParamStage, names: ParamNames, plan: ParamPlan, sink: ParamSink): Promise<unknown[][]> {
  const { storeId } = plan;
  for (const c of plan.created) {
    names.named.set(c.key, [...(names.named.get(c.key) ?? []), c.param]);
    for (const cat of c.categories) names.settle(c.key, cat, c.param);
  }
  const newValues: unknown[][] = [];
  const valueIdOf = (paramId: number, name: string) => {
    const m = plan.values.get(paramId)!;
    const hit = m.ids.get(name.toLowerCase());
    if (hit) return hit;
    const id = String(m.next++);
    newValues.push([storeId, paramId, id, name, Number(id)]);
    m.ids.set(name.toLowerCase(), id);
    return id;
  };

  let out: unknown[] = [];
  const props: { offerId: string; props: YmlParam[] }[] = [];
  // One offer occurrence at a time (a staged line).
  let offerId = '';
  let keys = new Set<string>();
  let own: YmlParam[] = [];
  const endOffer = async () => {
    if (own.length) props.push({ offerId, props: own });
    own = [];
    keys = new Set();
    if (props.length >= 200) await sink.props(props.splice(0));
    if (out.length >= 5_000 * WIDTH) {
      const rows = out;
      out = [];
      await sink.rows(rows);
    }
  };
  // One row per (offer, param, value): a value repeated in one offer counts once.
  const push = (baseId: number, value: string, num: number | null) => {
    const k = `${baseId}\u0000${value}`;
    if (keys.has(k)) return;
    keys.add(k);
    out.push(storeId, offerId, baseId, value, num);
  };
  for (const [pos, id, categoryId, params] of stage.read()) {
    if (PositionSet.has(plan.skip, pos)) continue;
    await endOffer();
    offerId = id;
    for (const v of params) {
      const p = names.resolve(v.name.toLowerCase(), categoryId);
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
  await endOffer();
  await sink.props(props);
  if (out.length) await sink.rows(out);
  return newValues;
}
