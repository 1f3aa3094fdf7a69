import { sql, type Kysely } from 'kysely';

/**
 * The customer's language on the order (the `lang` the storefront sent with api=orders), so the texts the
 * shop sends the customer later (the status push, the status e-mail) speak it. Null: the order did not say
 * (older orders, other clients); the shop's language (notify_lang) is used then.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders add column lang text`.execute(db);
}
