/**
 * List thumbnails of feed pictures. A feed's pictures are links to remote, often multi-megabyte JPEGs; a
 * list card must not load them. After an import, every remote picture of the store's offers is queued in
 * `feed_pictures`; the job runner fetches them in the background through the guarded feed fetcher (no
 * private addresses unless ALLOW_PRIVATE_FEEDS=1, size and time caps), makes a 400 px WebP with sharp,
 * stores it under /images/<store>/feed/, and points the offers' `thumb` at it. Until then `thumb` stays the
 * remote URL. A picture that cannot be fetched is tried 3 times, then left as the remote URL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import type { AppServices } from '../../../api/context';
import { now } from '../../../db/database';
import type { Db } from '../../../db/types';
import { fetchFeed, type FeedUrlOptions } from '../../../lib/feedUrl';
import { middleWebp, THUMB_SIDE } from '../../images/public';
import { bumpCatalogue } from '../../../db/catalogueVersion';

const MAX_PICTURE_BYTES = 20 * 1024 * 1024;
const MAX_TRIES = 3;
/** A claimed picture whose process went away is taken again after this long. */
const CLAIM_MS = 5 * 60_000;
/** Pictures one runner round handles at most (the next round goes on). */
const BATCH = 50;

/** Queues the store's remote offer pictures and points offers at thumbnails made already. */
export async function queueFeedPictures(db: Db, storeId: number): Promise<void> {
  await sql`
    insert into feed_pictures (store_id, url, status, tries, updated_at)
    select distinct o.store_id, o.thumb, 'pending', 0, ${now()} from offers o
    where o.store_id = ${storeId} and o.deleted = 0 and (o.thumb like 'http://%' or o.thumb like 'https://%')
      and not exists (select 1 from feed_pictures f where f.store_id = o.store_id and f.url = o.thumb)`.execute(db);
  await applyThumbs(db, storeId);
}

/** offers.thumb = the thumbnail, for every offer whose thumb is still a remote URL with a thumbnail made. */
async function applyThumbs(db: Db, storeId: number, url?: string) {
  const r = await sql`
    update offers set thumb = (select f.thumb from feed_pictures f where f.store_id = offers.store_id and f.url = offers.thumb and f.status = 'done')
    where store_id = ${storeId} ${url ? sql`and thumb = ${url}` : sql``}
      and exists (select 1 from feed_pictures f where f.store_id = offers.store_id and f.url = offers.thumb and f.status = 'done')`.execute(db);
  // Cards show the thumbnail: the catalogue's cached answers follow.
  if (Number(r.numAffectedRows ?? 0) > 0) await bumpCatalogue(db, storeId, 'pictures');
}

/**
 * Makes thumbnails of pending pictures until none is left, `isStopped` says so, or a batch is done.
 * `trust` is for tests only (a local server standing in for a public picture host, see lib/feedUrl.ts).
 */
export async function runThumbnails(services: AppServices, opts: { isStopped: () => boolean; trust?: FeedUrlOptions['trust'] }): Promise<number> {
  const { db, config } = services;
  let made = 0;
  const pending = await db
    .selectFrom('feed_pictures')
    .select(['store_id', 'url', 'tries', 'claimed_at'])
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', new Date(Date.now() - CLAIM_MS).toISOString())]))
    .limit(BATCH)
    .execute();
  for (const p of pending) {
    if (opts.isStopped()) break;
    // Claimed by one process: the row changes only if nobody claimed it since it was read.
    const claimedAt = now();
    const claim = await db
      .updateTable('feed_pictures')
      .set({ claimed_at: claimedAt, tries: p.tries + 1 })
      .where('store_id', '=', p.store_id)
      .where('url', '=', p.url)
      .where('status', '=', 'pending')
      .where('tries', '=', p.tries)
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) continue;
    try {
      const thumb = await makeThumb(p.url, p.store_id, config.uploadsDir, { allowPrivate: config.allowPrivateFeeds, timeoutMs: config.feedTimeoutMs, trust: opts.trust });
      await db.updateTable('feed_pictures').set({ status: 'done', thumb, updated_at: now() }).where('store_id', '=', p.store_id).where('url', '=', p.url).execute();
      await applyThumbs(db, p.store_id, p.url);
      made++;
    } catch {
      await db
        .updateTable('feed_pictures')
        .set({ status: p.tries + 1 >= MAX_TRIES ? 'failed' : 'pending', claimed_at: null, updated_at: now() })
        .where('store_id', '=', p.store_id)
        .where('url', '=', p.url)
        .execute();
    }
  }
  return made;
}

/** Fetches one picture through the guarded fetcher and writes its 400 and 800 px WebPs; resolves to the thumbnail's /images/ path. */
async function makeThumb(url: string, storeId: number, uploadsDir: string, opts: { allowPrivate: boolean; timeoutMs: number; trust?: FeedUrlOptions['trust'] }): Promise<string> {
  const { stream } = await fetchFeed(url, { allowPrivate: opts.allowPrivate, timeoutMs: opts.timeoutMs, maxBytes: MAX_PICTURE_BYTES, trust: opts.trust });
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  const data = Buffer.concat(chunks);
  const webp = await sharp(data, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 72 })
    .toBuffer();
  const middle = await middleWebp(data, 100_000_000);
  const base = `${storeId}/feed/${crypto.createHash('sha256').update(url).digest('hex').slice(0, 24)}`;
  const rel = `${base}_t.webp`;
  const file = path.join(uploadsDir, rel);
  await fs.mkdir(path.dirname(file), { recursive: true });
  // The 800 px size first: once the thumbnail exists, cards name both (schemas/rules/pictures.ts).
  await fs.writeFile(path.join(uploadsDir, `${base}_m.webp`), middle);
  await fs.writeFile(file, webp);
  return rel;
}
