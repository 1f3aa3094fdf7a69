import { sql, type Kysely } from 'kysely';

/**
 * category_changes: the catalogue version at which an owner's save last changed one category's own products
 * (a product written, moved or deleted), the shape left as it was. A category's filters read before that
 * version are read again; the other categories' stay (features/catalogue/categoryFilters.ts): one save no
 * longer has every category of a big shop read anew.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table category_changes (
    store_id integer not null,
    category_id text not null,
    version integer not null,
    primary key (store_id, category_id)
  )`.execute(db);
}
