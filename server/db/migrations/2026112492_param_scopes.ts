import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database';

/**
 * A custom param's base id (323–386) is unique only on its category's paths: among the params of the
 * category's ancestors, the category itself and the categories below it (features/catalogue/params.ts).
 * Params in different branches share base ids, so every category has its own 64 filter slots. The
 * shop-wide unique index goes; a (store, category, base id) one stays as a guard, and base-id lookups keep
 * an index.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await sql`drop index params_base`.execute(db);
  await sql`create unique index params_category_base on params (store_id, category_id, base_id)`.execute(db);
  await sql`create index params_base on params (store_id, base_id)`.execute(db);
}
