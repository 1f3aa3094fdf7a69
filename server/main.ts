import cluster from 'node:cluster';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { buildApp } from './app';
import { seedDemoIfEmpty } from './demo/seedDemo';
import { createImageStore } from './features/images/public';
import { failInterruptedJobs } from './features/yml/public';

const config = loadConfig();
const workers = Number(process.env.WORKERS ?? 1);

/** Migrations and the demo shop happen once, in the primary process, before any request (`npm start` builds the apps first: scripts/start.ts). */
async function prepare() {
  const database = openDatabase(config);
  const applied = await migrate(database.db, database.dialect);
  if (applied.length) console.log(`migrated: ${applied.join(', ')}`);
  // Imports that were running when the server stopped: their transaction rolled back, so they failed.
  const interrupted = await failInterruptedJobs(database.db);
  if (interrupted) console.log(`yml imports interrupted by the restart, marked failed: ${interrupted}`);
  if (config.demo) {
    const seeded = await seedDemoIfEmpty(database, createImageStore(config.uploadsDir), config.demoOwnerPhone);
    if (seeded) console.log(`demo shop created: ${seeded.categories} categories, ${seeded.offers} products`);
  }
  await database.close();
}

async function serve() {
  const database = openDatabase(config);
  const { app } = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
  return app;
}

if (cluster.isPrimary) {
  await prepare();
  if (workers > 1) {
    for (let i = 0; i < workers; i++) cluster.fork();
    cluster.on('exit', (w, code) => {
      if (code !== 0) cluster.fork();
    });
  } else await serve();
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  console.log(
    [
      '',
      `  Storefront:  ${base}/`,
      `  Admin:       ${base}/admin/`,
      `  API:         ${base}/api   (config: ${base}/config.json)`,
      `  Database:    ${config.databaseUrl ? 'PostgreSQL' : `SQLite ${config.dataDir}/shop.db`}`,
      `  Owner:       sign in at ${base}/admin/ with ${config.demoOwnerPhone}; the code appears in this log as "sms to ...".`,
      '',
    ].join('\n'),
  );
} else {
  await serve();
}
