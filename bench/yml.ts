/**
 * `npm run bench:yml [-- --pg] [-- --sizes=10000,100000] [-- --again]`: the YML importer's speed against a bare saxes pass over the same file,
 * measured in the same run, and its peak memory, for feeds of 10 000 and 100 000 offers (BENCH_YML_1M=1
 * adds 1 000 000). Each import runs in its own child process, so its peak RSS is its own. SQLite by default
 * (a fresh file in a temp folder); --pg imports into a fresh schema of DATABASE_URL / TEST_DATABASE_URL.
 * --again imports the same feed a second time into the same shop (a re-import: unchanged offers are kept);
 * --changed imports, second, the feed with every price changed (every offer rewritten, each kept first for the undo).
 * Prints MB/s, the ratio to saxes, peak RSS, the database statements' share of the import (the speed the
 * import could reach were everything but those statements free) and the longest stall of the server's thread
 * (its event loop's delay: what a shop's request would wait meanwhile); no pass/fail (the issue's targets are in docs/OPERATIONS.md).
 */
import { spawnSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SaxesParser } from 'saxes';

const CATEGORIES = 300;
const NAMES = ['Чайник', 'Кастрюля', 'Сковорода', 'Тарелка', 'Кружка', 'Лампа', 'Стул', 'Полка', 'Плед', 'Рюкзак'];
const COLOURS = ['красный', 'синий', 'зелёный', 'чёрный', 'белый', 'серый'];

/** A deterministic feed of `count` offers (about 560 bytes each), written once into the temp folder; `shift` is added to every price. */
function feedFile(count: number, shift = 0): string {
  const file = path.join(os.tmpdir(), `bench-yml-${count}${shift ? `-shift${shift}` : ''}.xml`);
  if (fs.existsSync(file)) return file;
  const out = fs.openSync(file + '.part', 'w');
  const write = (s: string) => fs.writeSync(out, s);
  write(`<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="2026-11-24 10:00"><shop><name>Бенч</name><company>Бенч</company><url>https://shop.example/</url>\n`);
  write(`<currencies><currency id="RUR" rate="1"/></currencies><categories>\n`);
  for (let c = 1; c <= CATEGORIES; c++) write(`<category id="${c}"${c > 10 ? ` parentId="${(c % 10) + 1}"` : ''}>Раздел ${c}</category>\n`);
  write(`</categories><offers>\n`);
  let chunk = '';
  for (let i = 1; i <= count; i++) {
    const name = NAMES[i % NAMES.length];
    chunk +=
      `<offer id="${i}" available="${i % 7 ? 'true' : 'false'}"><url>https://shop.example/p/${i}</url><price>${100 + shift + (i % 9000)}</price>` +
      `<currencyId>RUR</currencyId><categoryId>${11 + (i % (CATEGORIES - 10))}</categoryId><picture>https://img.example/${i}.jpg</picture>` +
      `<name>${name} модель ${i}</name><vendor>Бренд ${i % 50}</vendor><description><![CDATA[<p>${name} для дома, артикул ${i}.</p>]]></description>` +
      `<param name="Цвет">${COLOURS[i % COLOURS.length]}</param><param name="Вес" unit="г">${200 + (i % 800)}</param>` +
      `<param name="Материал">сталь</param><param name="Гарантия" unit="мес">${(i % 4) * 6}</param></offer>\n`;
    if (chunk.length > 1 << 20) {
      write(chunk);
      chunk = '';
    }
  }
  write(chunk + `</offers></shop></yml_catalog>\n`);
  fs.closeSync(out);
  fs.renameSync(file + '.part', file);
  return file;
}

/** Wall and CPU seconds (this process: user + system) of a bare saxes pass over the file. */
async function saxesPass(file: string): Promise<{ seconds: number; cpu: number }> {
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const parser = new SaxesParser();
  let elements = 0;
  parser.on('opentag', () => elements++);
  const decoder = new TextDecoder();
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 16 })) parser.write(decoder.decode(chunk as Buffer, { stream: true }));
  parser.close();
  const cpu = process.cpuUsage(cpu0);
  return { seconds: (performance.now() - start) / 1000, cpu: (cpu.user + cpu.system) / 1e6 };
}

/**
 * CPU seconds of this process's busiest threads (Linux /proc; [] elsewhere): the main thread first, then the
 * two busiest others (on SQLite the import's writer and its parser), then the rest (GC helpers, the loader)
 * summed. With two cores the import's wall time at no load is about the larger of the busiest two.
 */
function threadCpu(): number[] {
  try {
    const tick = 100;
    const dir = `/proc/${process.pid}/task`;
    const cpu = fs.readdirSync(dir).map((t) => {
      const stat = fs.readFileSync(`${dir}/${t}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { main: Number(t) === process.pid, s: (Number(f[11]) + Number(f[12])) / tick };
    });
    const main = cpu.find((c) => c.main)?.s ?? 0;
    const others = cpu.filter((c) => !c.main).map((c) => c.s).sort((a, b) => b - a);
    return [main, others[0] ?? 0, others[1] ?? 0, others.slice(2).reduce((a, b) => a + b, 0)];
  } catch {
    return [];
  }
}

/** Child: imports one feed into a fresh database, prints {seconds, rss} as JSON. */
async function child(file: string, pg: boolean, again: boolean, secondFile = file) {
  const { openDatabase } = await import('../server/db/database');
  const { migrate } = await import('../server/db/migrate');
  const { createStore } = await import('../server/features/stores/stores');
  const { importFeed } = await import('../server/features/yml/jobs/importFeed');
  const { importFeedInThread } = await import('../server/features/yml/write/writerThread');
  let url: string | null = null;
  let schema = '';
  if (pg) {
    const base = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('--pg needs DATABASE_URL or TEST_DATABASE_URL');
    schema = `bench_yml_${crypto.randomBytes(4).toString('hex')}`;
    const admin = openDatabase({ databaseUrl: base, dataDir: '' });
    const { sql } = await import('kysely');
    await sql.raw(`create schema ${schema}`).execute(admin.db);
    await admin.close();
    const u = new URL(base);
    u.searchParams.set('options', `-c search_path=${schema}`);
    url = u.href;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-yml-db-'));
  // The database's own share: every statement's time as Kysely measures it (on PostgreSQL with the round trip).
  let dbMs = 0;
  const database = openDatabase({ databaseUrl: url, dataDir, log: (e) => void (e.level === 'query' && (dbMs += e.queryDurationMillis)) });
  try {
    await migrate(database.db, database.dialect);
    const storeId = await createStore(database.db, { name: 'Бенч' });
    // As the server's jobs run it: in the writer's thread (writerThread.ts), which times its statements.
    // On SQLite the writer copies the import's pages into the database file after its report (writerWorker.ts).
    let checkpointed: Promise<number> = Promise.resolve(0);
    // When the last offer was read: the stream's end (after it, the param rows, the index builds, the commit).
    let lastRead = 0;
    let lastOffers = -1;
    const onProgress = (p: { offersRead: number }) => {
      if (p.offersRead === lastOffers) return;
      lastOffers = p.offersRead;
      lastRead = performance.now();
    };
    const importOnce = async (file: string) => {
      let copied!: (s: number) => void;
      checkpointed = new Promise((r) => (copied = r));
      const threaded = await importFeedInThread({ file: database.file, databaseUrl: database.url, storeId, source: { path: file }, timeDb: true, onCheckpoint: copied, onProgress });
      if (!threaded) copied(0);
      if (threaded) dbMs += (threaded.dbSeconds ?? 0) * 1000;
      return threaded ?? (await importFeed({ database, storeId, input: fs.createReadStream(file, { highWaterMark: 1 << 16 }), onProgress }));
    };
    const start = performance.now();
    const cpu0 = process.cpuUsage();
    dbMs = 0;
    // How long the server's thread could not answer a request while the import ran (its longest event-loop delay).
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const report = await importOnce(file);
    const seconds = (performance.now() - start) / 1000;
    const streamSeconds = (Math.max(lastRead, start) - start) / 1000;
    // A block that ends the import is recorded when the loop next turns.
    await new Promise((r) => setTimeout(r, 50));
    delay.disable();
    const dbSeconds = dbMs / 1000;
    const checkpointSeconds = await checkpointed;
    const used = process.cpuUsage(cpu0);
    const cpu = (used.user + used.system) / 1e6;
    let second: { seconds: number; cpu: number } | null = null;
    if (again) {
      const start2 = performance.now();
      const cpu2 = process.cpuUsage();
      await importOnce(secondFile);
      await checkpointed;
      const used2 = process.cpuUsage(cpu2);
      second = { seconds: (performance.now() - start2) / 1000, cpu: (used2.user + used2.system) / 1e6 };
    }
    process.stdout.write(JSON.stringify({ seconds, streamSeconds, dbSeconds, cpu, rss: process.resourceUsage().maxRSS * 1024, stallMs: delay.max / 1e6, checkpointSeconds, created: report.created, second, threads: threadCpu() }) + '\n');
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pg) {
      const admin = openDatabase({ databaseUrl: process.env.DATABASE_URL || process.env.TEST_DATABASE_URL!, dataDir: '' });
      const { sql } = await import('kysely');
      await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
      await admin.close();
    }
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--child') return child(args[1], args.includes('--pg'), args.includes('--again'), args.find((a) => a.startsWith('--second='))?.slice(9));
  const changed = args.includes('--changed');
  const again = changed || args.includes('--again');
  const pg = args.includes('--pg');
  const sizesArg = args.find((a) => a.startsWith('--sizes='));
  const sizes = sizesArg
    ? sizesArg.slice(8).split(',').map(Number)
    : [10_000, 100_000, ...(process.env.BENCH_YML_1M === '1' ? [1_000_000] : [])];
  const mb = (b: number) => b / 1024 / 1024;
  console.log(`YML import on ${pg ? 'PostgreSQL' : 'SQLite'}: MB/s of the importer and of a bare saxes pass over the same file`);
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores (wall MB/s suffer on a shared machine; cpu = this process's CPU seconds${pg ? ', not PostgreSQL server CPU' : ''})`);
  const rows: { offers: number; rss: number }[] = [];
  for (const count of sizes) {
    const file = feedFile(count);
    const size = fs.statSync(file).size;
    const saxes = await saxesPass(file);
    const run = spawnSync(process.execPath, [...process.execArgv, import.meta.filename ?? new URL(import.meta.url).pathname, '--child', file, ...(pg ? ['--pg'] : []), ...(again ? ['--again'] : []), ...(changed ? [`--second=${feedFile(count, 1)}`] : [])], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 20,
    });
    if (run.status !== 0) throw new Error(`import of ${count} offers failed`);
    const r = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { seconds: number; streamSeconds: number; dbSeconds: number; cpu: number; rss: number; stallMs: number; checkpointSeconds: number; created: number; second: { seconds: number; cpu: number } | null; threads: number[] };
    if (r.created !== count) throw new Error(`imported ${r.created} of ${count} offers`);
    rows.push({ offers: count, rss: r.rss });
    const importMbs = mb(size) / r.seconds;
    const saxesMbs = mb(size) / saxes.seconds;
    const importCpu = mb(size) / r.cpu;
    const saxesCpu = mb(size) / saxes.cpu;
    console.log(
      `${String(count).padStart(9)} offers ${mb(size).toFixed(1).padStart(7)} MB: import ${r.seconds.toFixed(1)} s ${importMbs.toFixed(2)} MB/s (cpu ${importCpu.toFixed(2)}), ` +
        `saxes ${saxesMbs.toFixed(1)} MB/s (cpu ${saxesCpu.toFixed(1)}), ratio ${(importMbs / saxesMbs).toFixed(3)} (cpu ${(importCpu / saxesCpu).toFixed(3)}), ` +
        `peak RSS ${mb(r.rss).toFixed(0)} MB (${(r.rss / rows[0].rss).toFixed(2)}x of ${rows[0].offers}), load ${os.loadavg()[0].toFixed(1)}` +
        (r.threads.length ? `; thread cpu s: main ${r.threads[0].toFixed(1)}, busiest others ${r.threads[1].toFixed(1)} and ${r.threads[2].toFixed(1)}, rest ${r.threads[3].toFixed(1)} (whole run)` : ''),
    );
    // The statements run one after another on one connection: however fast the rest, the import takes at least their time.
    console.log(
      `${''.padStart(9)} offers read by ${r.streamSeconds.toFixed(1)} s, then ${(r.seconds - r.streamSeconds).toFixed(1)} s to the report (param rows, index builds, commit); ` +
        `database statements ${r.dbSeconds.toFixed(1)} s (${((r.dbSeconds / r.seconds) * 100).toFixed(0)} % of the import): ` +
        `with everything else free the import would run at ${(mb(size) / r.dbSeconds).toFixed(2)} MB/s, ratio ${(mb(size) / r.dbSeconds / saxesMbs).toFixed(3)}; ` +
        `the server's thread stalled at most ${r.stallMs.toFixed(0)} ms` +
        (r.checkpointSeconds ? `; after the report the writer copied the pages into the database file in ${r.checkpointSeconds.toFixed(1)} s` : ''),
    );
    if (r.second) {
      const againMbs = mb(size) / r.second.seconds;
      const againCpu = mb(size) / r.second.cpu;
      console.log(
        `${''.padStart(9)} re-import of ${changed ? 'the feed with every price changed' : 'the same feed'}: ${r.second.seconds.toFixed(1)} s ${againMbs.toFixed(2)} MB/s (cpu ${againCpu.toFixed(2)}), ratio ${(againMbs / saxesMbs).toFixed(3)} (cpu ${(againCpu / saxesCpu).toFixed(3)})`,
      );
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
