import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from './database';
import * as catalogue from './migrations/2026112101_catalogue';
import * as benchIndexes from './migrations/2026112102_bench_indexes';
import * as checkout from './migrations/2026112103_checkout';
import * as discountSort from './migrations/2026112104_discount_sort';
import * as ymlHiddenCategories from './migrations/2026112430_yml_hidden_categories';
import * as ymlJobs from './migrations/2026112440_yml_jobs';
import * as catalogueVersion from './migrations/2026112450_catalogue_version';
import * as searchStems from './migrations/2026112451_search_stems';
import * as sortIndexes from './migrations/2026112452_sort_indexes';
import * as outbox from './migrations/2026112480_outbox';
import * as stock from './migrations/2026112490_stock';
import * as orderLines from './migrations/2026112491_order_lines';
import * as paramScopes from './migrations/2026112492_param_scopes';
import * as categoryPath from './migrations/2026112494_category_path';
import * as rateLimits from './migrations/2026112496_rate_limits';
import * as orderLang from './migrations/2026112504_order_lang';
import * as offerFeedHash from './migrations/2026112512_offer_feed_hash';
import * as paramsNumPartial from './migrations/2026112701_params_num_partial';
import * as offerFlagColumns from './migrations/2026112702_offer_flag_columns';
import * as domainProof from './migrations/2026112801_domain_proof';
import * as orderNumbers from './migrations/2026112901_order_numbers';
import * as orderHolds from './migrations/2026112902_order_holds';
import * as searchWords from './migrations/2026112903_search_words';
import * as ymlJobMode from './migrations/2026112910_yml_job_mode';
import * as ordersNewCount from './migrations/2026112920_orders_new_count';
import * as offerGroups from './migrations/2026112930_offer_groups';
import * as orderableFirst from './migrations/2026112940_orderable_first';
import * as notificationSeqs from './migrations/2026112950_notification_seqs';
import * as importUndo from './migrations/2026113010_import_undo';
import * as questionPending from './migrations/2026113020_question_pending';
import * as ownerHidden from './migrations/2026113030_owner_hidden';
import * as catalogueShape from './migrations/2026113040_catalogue_shape';
import * as ownerFields from './migrations/2026113050_owner_fields';
import * as categoryChanges from './migrations/2026120100_category_changes';
import * as categoryUses from './migrations/2026120110_category_uses';

type Migration = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };

/**
 * Migrations in order, one way forward, each in its own transaction, identical on SQLite and PostgreSQL.
 * Add a new file to migrations/ and a line here; never edit one that has shipped.
 */
export const MIGRATIONS: [string, Migration][] = [
  ['2026112101_catalogue', catalogue],
  ['2026112102_bench_indexes', benchIndexes],
  ['2026112103_checkout', checkout],
  ['2026112104_discount_sort', discountSort],
  ['2026112430_yml_hidden_categories', ymlHiddenCategories],
  ['2026112440_yml_jobs', ymlJobs],
  ['2026112450_catalogue_version', catalogueVersion],
  ['2026112451_search_stems', searchStems],
  ['2026112452_sort_indexes', sortIndexes],
  ['2026112480_outbox', outbox],
  ['2026112490_stock', stock],
  ['2026112491_order_lines', orderLines],
  ['2026112492_param_scopes', paramScopes],
  ['2026112494_category_path', categoryPath],
  ['2026112496_rate_limits', rateLimits],
  ['2026112504_order_lang', orderLang],
  ['2026112512_offer_feed_hash', offerFeedHash],
  ['2026112701_params_num_partial', paramsNumPartial],
  ['2026112702_offer_flag_columns', offerFlagColumns],
  ['2026112801_domain_proof', domainProof],
  ['2026112901_order_numbers', orderNumbers],
  ['2026112902_order_holds', orderHolds],
  ['2026112903_search_words', searchWords],
  ['2026112910_yml_job_mode', ymlJobMode],
  ['2026112920_orders_new_count', ordersNewCount],
  ['2026112930_offer_groups', offerGroups],
  ['2026112940_orderable_first', orderableFirst],
  ['2026112950_notification_seqs', notificationSeqs],
  ['2026113010_import_undo', importUndo],
  ['2026113020_question_pending', questionPending],
  ['2026113030_owner_hidden', ownerHidden],
  ['2026113040_catalogue_shape', catalogueShape],
  ['2026113050_owner_fields', ownerFields],
  ['2026120100_category_changes', categoryChanges],
  ['2026120110_category_uses', categoryUses],
];

export async function migrate(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  await sql`create table if not exists schema_migrations (name text primary key, applied_at text not null)`.execute(db);
  const applied: string[] = [];
  for (const [name, m] of MIGRATIONS) {
    // Several server processes may start at once: the lock (PostgreSQL) or the write transaction (SQLite) serialises them.
    const done = await db.transaction().execute(async (tx) => {
      if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(727001)`.execute(tx);
      const row = await sql<{ name: string }>`select name from schema_migrations where name = ${name}`.execute(tx);
      if (row.rows.length) return false;
      await m.up(tx, dialect);
      await sql`insert into schema_migrations (name, applied_at) values (${name}, ${new Date().toISOString()})`.execute(tx);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}
