/**
 * `npm run owner -- <phone> [--store <id>]`: makes the user with this phone the store's owner.
 * `npm run owner -- <phone> --new-store <name> [--domain <host>]`: adds a shop (multi-tenant) and its owner.
 *
 * The user is created when the phone has never signed in. The owner signs in with that phone at /admin/
 * (a code by SMS; with the console SMS adapter the code appears in the server log). A store has one
 * owner: the previous owner (if any) becomes an ordinary customer. Without --store the default store
 * (lowest id) is used; an empty database gets a new store.
 */
import type { Database } from '../db/database';
import { makeOwner, normalizePhone } from '../features/auth/public';
import { createStore } from '../features/stores/public';
import { CliError, describeDatabase, openCliDatabase, parseArgs, pickStore, runCli } from './cliSupport';

const USAGE = `Usage: npm run owner -- <phone> [--store <id>]
       npm run owner -- <phone> --new-store <name> [--domain <host>]

Makes the user with this phone (e.g. +79990000000) the owner of the store (default: the lowest id),
creating the user if needed. With --new-store it first adds a new shop, served for requests whose
Host is --domain (e.g. shop2.example.com). Environment: DATA_DIR / DATABASE_URL as for the server.`;

let database: Database | undefined;

async function main() {
  const args = parseArgs(process.argv.slice(2), ['new-store', 'domain']);
  if (args.help) return console.log(USAGE);
  if (args.positional.length !== 1) throw new CliError(USAGE);
  const newStore = args.options['new-store']?.trim();
  const domain = args.options.domain?.trim().toLowerCase();
  if (domain && !newStore) throw new CliError('--domain goes with --new-store (change an existing shop\'s domain in its settings)');
  if (newStore && args.store !== null) throw new CliError('Give either --store or --new-store');
  if (domain && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(domain)) throw new CliError(`Not a host name: ${domain}`);
  const phone = normalizePhone(args.positional[0]);
  if (!phone) throw new CliError(`Not a valid phone number: ${args.positional[0]} (write it with the country code, e.g. +79990000000)`);

  const opened = await openCliDatabase();
  database = opened.database;
  const { db } = database;
  console.log(`database: ${describeDatabase(opened.config)}`);
  let picked: Awaited<ReturnType<typeof pickStore>>;
  if (newStore) {
    if (domain && (await db.selectFrom('stores').select('id').where('domain', '=', domain).executeTakeFirst())) {
      throw new CliError(`Another store already has the domain ${domain}`);
    }
    const id = await createStore(db, { name: newStore, domain: domain ?? null });
    picked = { store: await db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirstOrThrow(), created: true };
    console.log(`created store ${id} "${newStore}"${domain ? ` for the domain ${domain}` : ' (no domain yet: set one in its settings)'}`);
  } else {
    picked = await pickStore(database, args.store, { createIfNone: 'Магазин' });
    if (picked.created) console.log(`the database had no store: created store ${picked.store.id} "${picked.store.name}"`);
  }
  const { store } = picked;

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
