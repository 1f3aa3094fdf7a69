import { sql, type Kysely } from 'kysely';

/**
 * The numeric filters' index holds only the rows that have a number: select, bool and text values (most of a
 * real feed's params, and the shop and warranty filters of every offer) have none. A range condition on
 * `num` implies `num is not null`, so both databases use it as before; writing an offer's params updates it
 * only for its numbers, and a first YML import builds it from a third of the rows (issue 11).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index offer_params_num`.execute(db);
  await sql`create index offer_params_num on offer_params (store_id, base_id, num) where num is not null`.execute(db);
}
