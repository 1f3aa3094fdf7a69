import { sql, type Kysely } from 'kysely';
import { fromRow, offerSchema } from '../../../schemas';
import { searchDoc } from '../../lib/searchText';
import type { Dialect } from '../database';

/**
 * Search by Russian stems with the name ranked first (lib/searchText.ts). offer_search gets a
 * `name` column beside `text`, both holding stems computed in JS; the full-text index covers both columns
 * (FTS5 columns name and text; a tsvector with the name as weight A), so a query can ask for name hits.
 * Every existing offer is indexed again.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === 'postgres';
  await sql`alter table offer_search add column name text not null default ''`.execute(db);
  if (pg) await sql`alter table offer_search drop column doc`.execute(db);
  else {
    for (const t of ['offer_search_ai', 'offer_search_ad', 'offer_search_au']) await sql.raw(`drop trigger ${t}`).execute(db);
    await sql`drop table offer_search_fts`.execute(db);
  }

  let after: { store_id: number; id: string } | null = null;
  for (;;) {
    let q = db.selectFrom('offers').selectAll().where('deleted', '=', 0).orderBy('store_id').orderBy('id').limit(2000);
    if (after) {
      const a: { store_id: number; id: string } = after;
      q = q.where((eb: any) => eb.or([eb('store_id', '>', a.store_id), eb.and([eb('store_id', '=', a.store_id), eb('id', '>', a.id)])]));
    }
    const rows = (await q.execute()) as Record<string, any>[];
    if (!rows.length) break;
    for (const row of rows) {
      const values = fromRow(offerSchema, row);
      const doc = searchDoc({ ...values, name: row.name });
      await db.updateTable('offer_search').set(doc).where('store_id', '=', row.store_id).where('offer_id', '=', row.id).execute();
    }
    after = { store_id: rows[rows.length - 1].store_id, id: rows[rows.length - 1].id };
  }

  if (pg) {
    await sql`alter table offer_search add column doc tsvector generated always as (setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', text), 'D')) stored`.execute(db);
    await sql`create index offer_search_doc on offer_search using gin (doc)`.execute(db);
  } else {
    await sql`create virtual table offer_search_fts using fts5(name, text, content = 'offer_search', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 0')`.execute(db);
    await sql`insert into offer_search_fts (offer_search_fts) values ('rebuild')`.execute(db);
    await sql`create trigger offer_search_ai after insert on offer_search begin
      insert into offer_search_fts (rowid, name, text) values (new.id, new.name, new.text);
    end`.execute(db);
    await sql`create trigger offer_search_ad after delete on offer_search begin
      insert into offer_search_fts (offer_search_fts, rowid, name, text) values ('delete', old.id, old.name, old.text);
    end`.execute(db);
    await sql`create trigger offer_search_au after update on offer_search begin
      insert into offer_search_fts (offer_search_fts, rowid, name, text) values ('delete', old.id, old.name, old.text);
      insert into offer_search_fts (rowid, name, text) values (new.id, new.name, new.text);
    end`.execute(db);
  }
}
