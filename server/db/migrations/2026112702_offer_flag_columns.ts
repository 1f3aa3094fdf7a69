import { sql, type Kysely } from 'kysely';

/**
 * The common filters in-store pick-up (292) and manufacturer's warranty (306) become columns of the offer
 * instead of two offer_params rows per offer: a third of a feed's offer_params rows (200 000 per 100 000
 * offers, written and indexed on every first import) for two flags the offer already carries (issue 11).
 * The warranty stays null for an offer that never stated it, as its item page shows nothing then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table offers add column shop integer not null default 0`.execute(db);
  await sql`alter table offers add column manufacturer_warranty integer`.execute(db);
  const flag = (baseId: number, value: string) =>
    sql`exists (select 1 from offer_params p where p.store_id = offers.store_id and p.offer_id = offers.id and p.base_id = ${baseId} and p.value = ${value})`;
  await sql`update offers set shop = 1 where ${flag(292, '1')}`.execute(db);
  await sql`update offers set manufacturer_warranty = 1 where ${flag(306, '1')}`.execute(db);
  // Its row says 0 for a warranty not stated too: the offer's own document tells them apart.
  await sql`update offers set manufacturer_warranty = 0 where ${flag(306, '0')} and data like '%"manufacturer_warranty"%'`.execute(db);
  await sql`delete from offer_params where base_id in (292, 306)`.execute(db);
}
