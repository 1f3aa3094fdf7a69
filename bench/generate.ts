/**
 * A synthetic catalogue for the benchmark, written straight into the database through Kysely in big
 * transactions, row for row as the YML importer writes it (server/features/yml/write/importYml.ts `writeOffer`
 * and `writeParams`, server/features/catalogue/offerWrites.ts `writeOfferParams` and `indexOffer`): the same columns and
 * `data` document (schemas' `toRow`), the same offer_params rows (select values as value ids, numbers also
 * in `num`), the offer's shop 292 and warranty 306 flag columns, the same search text (`searchDoc`).
 *
 * Why not the importer itself: on SQLite its search index write (`indexOffer`) deletes by the FTS table's
 * unindexed store_id/offer_id columns, a full scan per offer, so a 100 000-offer import is quadratic (about
 * an hour; 10 000 offers took 28 s). bench/catalogue.ts measures that write and prints it.
 */
import { sql } from 'kysely';
import { CUSTOM_PARAM_FIRST, offerSchema, toRow } from '../schemas';
import type { Database } from '../server/db/database';
import { searchDoc, searchSource } from '../server/lib/searchText';
import { addSearchWords, countNameWords } from '../server/lib/searchWords';

/** Top-level categories × children × grandchildren; offers live in the grandchildren (the leaves). */
export const TREE = { top: 10, children: 10, leaves: 10 };

/** Bumped whenever the generated data changes: cached databases are keyed by it. */
export const GENERATOR_VERSION = 2;

export const NOUNS = ['чайник', 'кастрюля', 'сковорода', 'тарелка', 'кружка', 'нож', 'лампа', 'стул', 'стол', 'полка', 'коврик', 'плед', 'подушка', 'зонт', 'рюкзак', 'сумка', 'кошелёк', 'ремень', 'шарф', 'перчатки'];
export const ADJECTIVES = ['красивый', 'удобный', 'лёгкий', 'прочный', 'большой', 'компактный', 'классический', 'современный', 'яркий', 'тёплый'];
export const BRANDS = ['Альфа', 'Бета', 'Гамма', 'Дельта', 'Эпсилон', 'Зета', 'Эта', 'Тета', 'Йота', 'Каппа', 'Лямбда', 'Мю', 'Ню', 'Кси', 'Омикрон', 'Пи', 'Ро', 'Сигма', 'Тау', 'Ипсилон'];
export const COLOURS = ['красный', 'синий', 'зелёный', 'чёрный', 'белый', 'серый', 'жёлтый', 'оранжевый', 'фиолетовый', 'розовый'];
export const MATERIALS = ['сталь', 'алюминий', 'пластик', 'дерево', 'стекло', 'керамика', 'хлопок', 'шерсть'];

/** The word the search scenario looks for: one of 20 nouns, so about 5 % of the offers match. */
export const SEARCH_WORD = NOUNS[3];
/** A second word for the two-word search: one of 20 brands, so about 0.25 % of offers match both. */
export const SECOND_WORD = 'альфа';
/** A word in one offer of 10 000 (0.01 %). */
export const RARE_WORD = 'раритет';

/** Params as the importer creates them from a feed: base ids from 323, kind inferred from the values. */
export const PARAMS = [
  { name: 'Цвет', kind: 'select', unit: null, values: COLOURS },
  { name: 'Бренд', kind: 'select', unit: null, values: BRANDS },
  { name: 'Материал', kind: 'select', unit: null, values: MATERIALS },
  { name: 'Вес', kind: 'number', unit: 'г', values: null },
  { name: 'Гарантия', kind: 'number', unit: 'мес', values: null },
] as const;
export const baseIdOf = (name: (typeof PARAMS)[number]['name']) => CUSTOM_PARAM_FIRST + PARAMS.findIndex((p) => p.name === name);

/** A small deterministic generator (mulberry32), so every run measures the same catalogue. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CatalogueShape {
  tops: string[];
  leaves: string[];
  categories: number;
  /** Offers per top-level category (with everything below it). */
  offersByTop: Map<string, number>;
  offersByLeaf: Map<string, number>;
}

const CHUNK = 500;

/** The category tree (TREE: 1,110 categories, ids from 1 in depth-first order) and the params with their values. */
export async function writeTreeAndParams(database: Database, storeId: number) {
  const tops: string[] = [];
  const leaves: string[] = [];
  const categoryRows: { store_id: number; id: string; parent_id: string; name: string; sort: number; data: string }[] = [];
  const topOf = new Map<string, string>();
  /** offers.cat_path of each leaf, as features/catalogue/categories.ts categoryPath gives it. */
  const pathOf = new Map<string, string>();
  let next = 1;
  for (let a = 1; a <= TREE.top; a++) {
    const top = String(next++);
    tops.push(top);
    categoryRows.push({ store_id: storeId, id: top, parent_id: '0', name: `Раздел ${a}`, sort: categoryRows.length, data: '{}' });
    for (let b = 1; b <= TREE.children; b++) {
      const mid = String(next++);
      categoryRows.push({ store_id: storeId, id: mid, parent_id: top, name: `Подраздел ${a}.${b}`, sort: categoryRows.length, data: '{}' });
      for (let c = 1; c <= TREE.leaves; c++) {
        const leaf = String(next++);
        leaves.push(leaf);
        topOf.set(leaf, top);
        pathOf.set(leaf, `/${top}/${mid}/${leaf}/`);
        categoryRows.push({ store_id: storeId, id: leaf, parent_id: mid, name: `Группа ${a}.${b}.${c}`, sort: categoryRows.length, data: '{}' });
      }
    }
  }
  await database.db.transaction().execute(async (tx) => {
    await tx.insertInto('categories').values(categoryRows).execute();
    for (const [i, p] of PARAMS.entries()) {
      const row = await tx
        .insertInto('params')
        .values({ store_id: storeId, base_id: CUSTOM_PARAM_FIRST + i, category_id: '0', name: p.name, kind: p.kind, is_required: 0, unit: p.unit, sort: i })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (p.values) {
        await tx
          .insertInto('param_values')
          .values(p.values.map((name, v) => ({ store_id: storeId, param_id: row.id, id: String(v + 1), name, sort: v + 1 })))
          .execute();
      }
    }
  });
  return { tops, leaves, topOf, pathOf, categories: categoryRows.length };
}

/** Fills the store with `count` offers in a 3-level tree; offers are spread over the leaves at random. */
export async function generateCatalogue(database: Database, storeId: number, count: number, onProgress?: (n: number) => void): Promise<CatalogueShape> {
  const { db } = database;
  const rnd = random(42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const { tops, leaves, topOf, pathOf, categories } = await writeTreeAndParams(database, storeId);
  const offersByTop = new Map(tops.map((t) => [t, 0]));
  const offersByLeaf = new Map<string, number>();

  const started = Date.parse('2026-01-01T00:00:00Z');
  const restore = await dropSecondaryIndexes(database);
  for (let from = 1; from <= count; from += CHUNK * 20) {
    // One transaction per 10 000 offers, multi-row inserts of 500.
    await db.transaction().execute(async (tx) => {
      for (let chunk = from; chunk < Math.min(from + CHUNK * 20, count + 1); chunk += CHUNK) {
        const offers: Record<string, unknown>[] = [];
        const params: { store_id: number; offer_id: string; base_id: number; value: string; num: number | null }[] = [];
        const search: { store_id: number; offer_id: string; name: string; text: string }[] = [];
        const names: string[] = [];
        for (let i = chunk; i < Math.min(chunk + CHUNK, count + 1); i++) {
          const id = String(i);
          const noun = pick(NOUNS);
          const brand = pick(BRANDS);
          const price = 100 + Math.floor(rnd() * 99_900);
          const oldprice = rnd() < 0.3 ? Math.round(price * (1.1 + rnd() * 0.5)) : undefined;
          const model = `${String.fromCharCode(65 + Math.floor(rnd() * 26))}${Math.floor(rnd() * 1000)}`;
          const categoryId = pick(leaves);
          offersByTop.set(topOf.get(categoryId)!, offersByTop.get(topOf.get(categoryId)!)! + 1);
          offersByLeaf.set(categoryId, (offersByLeaf.get(categoryId) ?? 0) + 1);
          const values: Record<string, unknown> = {
            type: 'common',
            name: `${pick(ADJECTIVES)} ${noun} ${brand} ${model}${i % 10_000 === 5_000 ? ` ${RARE_WORD}` : ''}`,
            vendor: brand,
            vendorCode: `B-${i}`,
            price,
            ...(oldprice ? { oldprice } : {}),
            currencyId: 'RUR',
            categoryId,
            available: rnd() < 0.9,
            description: `<p>${noun} от ${brand}: ${pick(ADJECTIVES)}, ${pick(ADJECTIVES)}, на каждый день.</p>`,
          };
          const { columns, data } = toRow(offerSchema, values);
          const img = { id: 'u0', img: `https://img.bench.example/${i}.jpg`, thumb: `https://img.bench.example/${i}.jpg` };
          const at = new Date(started + i * 60_000).toISOString();
          const offer: Record<string, unknown> = {
            ...columns,
            store_id: storeId,
            id,
            type: 'common',
            name: String(values.name),
            price,
            category_id: categoryId,
            cat_path: pathOf.get(categoryId),
            available: values.available ? 1 : 0,
            active: 1,
            deleted: 0,
            picture: img.img,
            thumb: img.thumb,
            sort: i,
            created_at: at,
            updated_at: at,
            data: JSON.stringify({ ...data, images: [img] }),
          };
          offers.push(offer);
          const param = (name: (typeof PARAMS)[number]['name'], value: string, num: number | null = null) =>
            params.push({ store_id: storeId, offer_id: id, base_id: baseIdOf(name), value, num });
          param('Цвет', String(1 + Math.floor(rnd() * COLOURS.length)));
          param('Бренд', String(1 + BRANDS.indexOf(brand)));
          param('Материал', String(1 + Math.floor(rnd() * MATERIALS.length)));
          const weight = 50 + Math.floor(rnd() * 5000);
          param('Вес', String(weight), weight);
          const warranty = pick([6, 12, 24, 36]);
          param('Гарантия', String(warranty), warranty);
          // (Drawn here, after the params, as when they were offer_params rows: the same shops as before.)
          offer.shop = rnd() < 0.3 ? 1 : 0;
          offer.manufacturer_warranty = 0;
          search.push({ store_id: storeId, offer_id: id, ...searchDoc(values) });
          names.push(searchSource(values).name);
        }
        await tx.insertInto('offers').values(offers as never).execute();
        for (let p = 0; p < params.length; p += CHUNK * 2) await tx.insertInto('offer_params').values(params.slice(p, p + CHUNK * 2)).execute();
        await tx.insertInto('offer_search').values(search).execute();
        await addSearchWords(tx, storeId, countNameWords(names));
      }
    });
    onProgress?.(Math.min(from + CHUNK * 20 - 1, count));
  }
  await restore();
  return { tops, leaves, categories, offersByTop, offersByLeaf };
}

const BULK_TABLES = ['offers', 'offer_params', 'offer_search'];

/**
 * The secondary indexes of the bulk tables (not primary keys or constraints), dropped before the rows are
 * written and built once after them, as a first YML import does on SQLite (features/yml/write/deferredIndexes.ts):
 * building an index from its rows takes a fraction of updating a dozen B-trees per row (100 000 offers on
 * SQLite: 42 s -> a few seconds). Only for a catalogue generated into its own database or schema.
 */
export async function dropSecondaryIndexes(database: Database): Promise<() => Promise<void>> {
  const { db, dialect } = database;
  const rows =
    dialect === 'postgres'
      ? (
          await sql<{ name: string; sql: string }>`
            select i.indexname as name, i.indexdef as sql from pg_indexes i
            where i.schemaname = current_schema() and i.tablename in (${sql.join(BULK_TABLES)})
              and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db)
        ).rows
      : (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in (${sql.join(BULK_TABLES)})`.execute(db)).rows;
  if (dialect === 'sqlite') await sql`pragma cache_size = -262144`.execute(db);
  for (const r of rows) await sql.raw(`drop index ${r.name}`).execute(db);
  return () =>
    db.connection().execute(async (c) => {
      if (dialect === 'postgres') await sql`set maintenance_work_mem = '256MB'`.execute(c);
      for (const r of rows) await sql.raw(r.sql).execute(c);
    });
}
