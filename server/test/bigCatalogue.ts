/**
 * A catalogue of `count` offers written by SQL alone (insert … select over a series of numbers), for tests that
 * need the size a planner sees in a real shop in a few seconds (plans.server.test.ts): bench/generate.ts's
 * shape and words (its tree of 1,110 categories and its params, written by the same function), its columns,
 * 5 offer_params rows an offer and the search text, but each offer's choices drawn by a hash of its id in the
 * database instead of row by row in JavaScript (bench/generate.ts: ~20 s of CPU for 100,000 offers). The
 * secondary indexes are built once after the rows, as a first import does.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { stemText } from '../lib/searchText';
import { addSearchWords, countNameWords } from '../lib/searchWords';
import { ADJECTIVES, BRANDS, MATERIALS, NOUNS, baseIdOf, dropSecondaryIndexes, writeTreeAndParams } from '../../bench/generate';

export interface BigCatalogue {
  tops: string[];
  /** The middle level: each holds 10 leaves. */
  mids: string[];
  leaves: string[];
  /** The first noun (in about 5 % of the offers' names). */
  word: string;
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
/** `case <n> when 0 then <list[0]> … end`. */
const pick = (n: string, list: readonly string[]) => `(case ${n} ${list.map((w, i) => `when ${i} then ${lit(w)}`).join(' ')} end)`;
/** A number 0..65535 from the offer's number i and a multiplier (the upper bits of a multiplicative hash). */
const hash = (k: number) => `((i * ${[2654435761, 2246822519, 3266489917, 668265263, 374761393, 1103515245, 2654435769, 1540483477, 3432918353, 461845907, 1911520717, 2870177450 + 1][k]}) % 4294967296 / 65536)`;

export async function bigCatalogue(database: Database, storeId: number, count: number): Promise<BigCatalogue> {
  const { db, dialect } = database;
  const pg = dialect === 'postgres';
  const { tops, leaves } = await writeTreeAndParams(database, storeId);
  const mids = [...new Set(leaves.map((_, n) => String(Number(tops[Math.floor(n / 100)]) + 1 + Math.floor((n % 100) / 10) * 11)))];
  const series = pg ? `generate_series(cast(1 as bigint), ${count}) as n(i)` : `(with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count}) select i from n) as n`;
  const chr = pg ? 'chr' : 'char';
  const at = pg
    ? `to_char(timestamp '2026-01-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`
    : `strftime('%Y-%m-%dT%H:%M:%S.000Z', 1767225600 + i * 60, 'unixepoch')`;
  // Per offer: its leaf (0..999), words, price, old price (30 %), availability (90 %), pick-up (30 %), model.
  const src = `select i, cast(i as text) as id,
      ${hash(0)} % 1000 as leaf, ${hash(1)} % ${NOUNS.length} as noun, ${hash(2)} % ${BRANDS.length} as brand,
      ${hash(3)} % ${ADJECTIVES.length} as adj, ${hash(4)} % ${ADJECTIVES.length} as adj2,
      100 + (${hash(5)} * 65536 + ${hash(6)}) % 99900 as price, ${hash(7)} % 100 as old, ${hash(8)} % 10 as avail,
      ${hash(9)} % 10 as pickup, ${chr}(cast(65 + ${hash(10)} % 26 as integer)) || cast(${hash(11)} % 1000 as text) as model
    from ${series}`;
  const leafPath = (n: string) =>
    `'/' || cast(1 + (${n} / 100) * 111 as text) || '/' || cast(1 + (${n} / 100) * 111 + 1 + ((${n} % 100) / 10) * 11 as text) || '/' || cast(1 + (${n} / 100) * 111 + 1 + ((${n} % 100) / 10) * 11 + 1 + ${n} % 10 as text) || '/'`;
  const leafId = (n: string) => `cast(1 + (${n} / 100) * 111 + 1 + ((${n} % 100) / 10) * 11 + 1 + ${n} % 10 as text)`;
  const name = `${pick('adj', ADJECTIVES)} || ' ' || ${pick('noun', NOUNS)} || ' ' || ${pick('brand', BRANDS)} || ' ' || model`;
  const description = `'<p>' || ${pick('noun', NOUNS)} || ' от ' || ${pick('brand', BRANDS)} || ': ' || ${pick('adj', ADJECTIVES)} || ', ' || ${pick('adj2', ADJECTIVES)} || ', на каждый день.</p>'`;
  const oldprice = `(case when old < 30 then round(price * (1.1 + old / 60.0)) end)`;
  const image = `'https://img.bench.example/' || id || '.jpg'`;
  const data = `'{"vendorCode":"B-' || id || '","currencyId":"RUR","description":"' || ${description} || '","images":[{"id":"u0","img":"' || ${image} || '","thumb":"' || ${image} || '"}]}'`;
  const stems = (list: readonly string[]) => list.map((w) => stemText(w));
  const searchName = `${pick('adj', stems(ADJECTIVES))} || ' ' || ${pick('noun', stems(NOUNS))} || ' ' || ${pick('brand', stems(BRANDS))} || ' ' || lower(model) || ' ' || ${pick('brand', stems(BRANDS))}`;
  const searchText = `'b ' || id || ' ' || ${pick('noun', stems(NOUNS))} || ' ${stemText('от')} ' || ${pick('brand', stems(BRANDS))} || ' ' || ${pick('adj', stems(ADJECTIVES))} || ' ' || ${pick('adj2', stems(ADJECTIVES))} || ' ${stemText('на каждый день')}'`;

  const restore = await dropSecondaryIndexes(database);
  await db.transaction().execute(async (tx) => {
    const exec = (text: string) => sql.raw(text).execute(tx);
    await exec(`insert into offers (store_id, id, type, name, vendor, price, oldprice, category_id, cat_path, available, active, deleted, picture, thumb, sort, created_at, updated_at, data, shop)
      select ${storeId}, id, 'common', ${name}, ${pick('brand', BRANDS)}, price, ${oldprice}, ${leafId('leaf')}, ${leafPath('leaf')}, case when avail < 9 then 1 else 0 end, 1, 0,
        ${image}, ${image}, i, ${at}, ${at}, ${data}, case when pickup < 3 then 1 else 0 end
      from (${src}) s`);
    const real = pg ? 'double precision' : 'real';
    const param = (base: number, value: string, num: string) => `select ${storeId}, id, ${base}, ${value}, cast(${num} as ${real}) from (${src}) s`;
    await exec(`insert into offer_params (store_id, offer_id, base_id, value, num)
      ${param(baseIdOf('Цвет'), `cast(1 + ${hash(0)} / 7 % 10 as text)`, 'null')}
      union all ${param(baseIdOf('Бренд'), 'cast(1 + brand as text)', 'null')}
      union all ${param(baseIdOf('Материал'), `cast(1 + ${hash(1)} / 7 % ${MATERIALS.length} as text)`, 'null')}
      union all ${param(baseIdOf('Вес'), `cast(50 + ${hash(2)} / 3 % 5000 as text)`, `50 + ${hash(2)} / 3 % 5000`)}
      union all ${param(baseIdOf('Гарантия'), `cast(6 * (1 + ${hash(3)} / 5 % 4) as text)`, `6 * (1 + ${hash(3)} / 5 % 4)`)}`);
    await exec(`insert into offer_search (store_id, offer_id, name, text) select ${storeId}, id, ${searchName}, ${searchText} from (${src}) s`);
    // The names' words (drawn evenly: each word of a list in about count / its length names).
    const counts = new Map<string, number>();
    for (const list of [ADJECTIVES, NOUNS, BRANDS]) for (const [w, n] of countNameWords(list)) counts.set(w, (counts.get(w) ?? 0) + n * Math.round(count / list.length));
    await addSearchWords(tx, storeId, counts);
  });
  await restore();
  return { tops, mids, leaves, word: NOUNS[0] };
}
