/**
 * `npm run owner -- <phone> [--store <id>]`: makes the user with this phone the store's owner.
 *
 * The user is created when the phone has never signed in. The owner signs in with that phone at /admin/
 * (a code by SMS; with the console SMS adapter the code appears in the server log). A store has one
 * owner: the previous owner (if any) becomes an ordinary customer. Without --store the default store
 * (lowest id) is used; an empty database gets a new store.
 */
import type { Database } from '../db/database';
import { makeOwner, normalizePhone } from '../services/auth';
import { CliError, describeDatabase, openCliDatabase, parseArgs, pickStore, runCli } from './cliSupport';

const USAGE = `Usage: npm run owner -- <phone> [--store <id>]

Makes the user with this phone (e.g. +79990000000) the owner of the store, creating the user if needed.
Environment: DATA_DIR / DATABASE_URL as for the server.`;

let database: Database | undefined;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) return console.log(USAGE);
  if (args.positional.length !== 1) throw new CliError(USAGE);
  const phone = normalizePhone(args.positional[0]);
  if (!phone) throw new CliError(`Not a valid phone number: ${args.positional[0]} (write it with the country code, e.g. +79990000000)`);

  const opened = await openCliDatabase();
  database = opened.database;
  const { db } = database;
  console.log(`database: ${describeDatabase(opened.config)}`);
  const { store, created } = await pickStore(database, args.store, { createIfNone: 'Магазин' });
  if (created) console.log(`the database had no store: created store ${store.id} "${store.name}"`);

  const previous = store.user_id === null ? undefined : await db.selectFrom('users').select(['id', 'phone']).where('id', '=', store.user_id).executeTakeFirst();
  const userId = await makeOwner(db, store.id, phone);
  if (previous && previous.id !== userId) console.log(`store ${store.id} "${store.name}": owner was user ${previous.id} (${previous.phone}), now a customer`);

  // Who owns which store, after the change.
  const rows = await db
    .selectFrom('stores')
    .leftJoin('users', 'users.id', 'stores.user_id')
    .select(['stores.id as id', 'stores.name as name', 'stores.domain as domain', 'users.id as userId', 'users.phone as phone'])
    .where('stores.deleted', '=', 0)
    .orderBy('stores.id')
    .execute();
  console.log(`user ${userId} (${phone}) owns store ${store.id} "${store.name}". Owners:`);
  for (const r of rows) {
    const who = r.userId ? `user ${r.userId} ${r.phone}` : 'no owner';
    console.log(`  store ${r.id}  ${r.name}${r.domain ? ` (${r.domain})` : ''}: ${who}`);
  }
  console.log(`Sign in at /admin/ with ${phone}; with SMS_ADAPTER=console the code appears in the server log as "sms to ${phone}: …".`);
}

await runCli(main, () => database?.close());
