import { sql, type Kysely } from 'kysely';

/**
 * category_uses: what a category's own live products use of its filters, as one process read it for a catalogue
 * shape (features/catalogue/categoryFilters.ts). Every other process, and this one after a restart, takes it from
 * here instead of reading the category's products again: at a million products reading every category is some
 * fifteen seconds of work per process, and a top category's first shoppers got the shop's filters meanwhile.
 * `version`: the catalogue version seen before the reading (an owner's later save of the category reads it again).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table category_uses (
    store_id integer not null,
    category_id text not null,
    shape integer not null,
    version integer not null,
    use text not null,
    primary key (store_id, category_id)
  )`.execute(db);
}
