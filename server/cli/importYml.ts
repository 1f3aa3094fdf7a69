/**
 * `npm run import-yml -- <file-or-url> [--store <id>]`: imports a Yandex Market YML feed into a store.
 *
 * Opens the database as the server does (DATA_DIR or DATABASE_URL, migrated), imports in one transaction
 * (a broken feed changes nothing and the error names the feed line), prints progress and a summary.
 * Without --store the default store (lowest id) is used; an empty database gets a new store.
 * A URL is fetched with a timeout and a size limit; hosts on private addresses need ALLOW_PRIVATE_FEEDS=1.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Database } from '../db/database';
import { fetchFeed } from '../lib/feedUrl';
import { createImageStore } from '../features/images/public';
import { importYml, feedBytes } from '../features/yml/public';
import { CliError, describeDatabase, openCliDatabase, parseArgs, pickStore, runCli } from './cliSupport';

const USAGE = `Usage: npm run import-yml -- <feed.xml | https://…/feed.xml> [--store <id>]

Imports a YML (Yandex Market) feed: categories, offers of every type, params, pictures.
The feed's own offer ids are kept, so importing again updates the same products.
Environment: DATA_DIR / DATABASE_URL as for the server; ALLOW_PRIVATE_FEEDS=1 allows feed URLs on private addresses.`;

const WARNINGS_SHOWN = 10;

let database: Database | undefined;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.help || args.positional.length !== 1) {
    if (args.help) return console.log(USAGE);
    throw new CliError(args.positional.length ? 'Give one feed file or URL' : USAGE);
  }
  const source = args.positional[0];
  const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(source);

  // Check the source before touching the database: a missing file or a refused URL changes nothing.
  let file: string | null = null;
  if (!isUrl) {
    file = path.resolve(source);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) throw new CliError(`No such file: ${file}`);
    if (!stat.isFile()) throw new CliError(`Not a file: ${file}`);
  }

  const opened = await openCliDatabase();
  database = opened.database;
  const { config } = opened;
  const { store, created } = await pickStore(database, args.store, { createIfNone: 'Магазин' });
  console.log(`database: ${describeDatabase(config)}`);
  if (created) console.log(`the database had no store: created store ${store.id} "${store.name}" (rename it in the admin's settings)`);
  console.log(`importing ${isUrl ? source : file} into store ${store.id} "${store.name}"`);

  let stream: Readable;
  let size: number | null;
  if (file) {
    size = fs.statSync(file).size;
    stream = fs.createReadStream(file);
  } else {
    const fetched = await fetchFeed(source, { allowPrivate: config.allowPrivateFeeds });
    stream = fetched.stream;
    size = fetched.size;
    if (fetched.url.href !== new URL(source).href) console.log(`redirected to ${fetched.url.href}`);
  }
  if (size !== null) console.log(`feed size: ${(size / 1024 / 1024).toFixed(1)} MB`);

  const started = Date.now();
  const tty = process.stdout.isTTY;
  let lastLine = 0;
  const onProgress = (offers: number) => {
    const secs = (Date.now() - started) / 1000;
    const line = `  ${offers} offers read (${secs.toFixed(1)} s)`;
    if (tty) process.stdout.write(`\r${line}`);
    else if (offers - lastLine >= 10_000) {
      console.log(line);
      lastLine = offers;
    }
  };
  const result = await importYml(database.db, database.dialect, createImageStore(config.uploadsDir), store.id, feedBytes(stream, () => {}), {
    baseDir: file ? path.dirname(file) : undefined,
    onProgress,
  });
  if (tty) process.stdout.write('\n');

  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`done in ${secs} s:`);
  console.log(`  categories:       ${result.categories}`);
  console.log(`  offers:           ${result.offers} (${result.created} created, ${result.updated} updated)`);
  console.log(`  hidden:           ${result.hidden} offers, ${result.categoryReport.hidden} categories no longer in the feed`);
  console.log(`  params created:   ${result.params} (${result.displayOnlyParams} more names kept as display-only properties)`);
  console.log(`  offers skipped:   ${result.skipped}`);
  console.log(`  warnings:         ${result.warnings.length}${result.warnings.length >= 500 ? '+' : ''}`);
  for (const w of result.warnings.slice(0, WARNINGS_SHOWN)) console.log(`    - ${w}`);
  if (result.warnings.length > WARNINGS_SHOWN) console.log(`    … and ${result.warnings.length - WARNINGS_SHOWN} more`);
  console.log('A running server shows the new catalogue within 5 seconds (its category and param caches expire).');
}

await runCli(main, () => database?.close());
