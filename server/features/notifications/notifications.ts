import { sql } from 'kysely';
import type { Executor } from '../../db/types';
import { now } from '../../db/database';
import { nextInShop } from '../../db/shopCounters';

/** One in-app notification (`api=inner_push`); its seq, the shop's own number, is what the client polls from. */
export interface NewNotification {
  storeId: number;
  /** The signed-in recipient (the owner for new orders, the customer for status changes). */
  userId: number | null;
  /** The recipient's device, for customers who ordered without signing in. */
  deviceId: string | null;
  header: string;
  desc: string;
  img?: string | null;
  fromId?: string | number | null;
  orderId?: number | null;
}

export async function notify(db: Executor, n: NewNotification): Promise<void> {
  if (n.userId === null && !n.deviceId) return;
  await db
    .insertInto('notifications')
    .values({
      store_id: n.storeId,
      // The shop's own numbers, handed out and committed in order (db/shopCounters.ts): a client polling
      // after seq N never misses one committed later with a lower seq.
      seq: await nextInShop(db, 'notification_seqs', n.storeId),
      user_id: n.userId,
      device_id: n.userId === null ? n.deviceId : (n.deviceId ?? null),
      header: n.header.slice(0, 500),
      description: n.desc.slice(0, 2000),
      img: n.img ?? null,
      from_id: n.fromId === null || n.fromId === undefined ? null : String(n.fromId),
      order_id: n.orderId ?? null,
      created_at: now(),
    })
    .execute();
}

/** Who polls: a signed-in user sees theirs plus their device's anonymous ones; a device alone only its anonymous ones. */
export interface Recipient {
  userId: number | null;
  deviceId: string | null;
}

export const INNER_PUSH_LIMIT = 50;

/** Notifications after `seq` for the recipient, oldest first. */
export async function notificationsAfter(db: Executor, storeId: number, who: Recipient, seq: number, limit = INNER_PUSH_LIMIT) {
  if (who.userId === null && !who.deviceId) return [];
  const rows = await db
    .selectFrom('notifications')
    .select(['seq', 'header', 'description', 'img', 'from_id'])
    .where('store_id', '=', storeId)
    .where('seq', '>', seq)
    .where((eb) => {
      const mine = [];
      if (who.userId !== null) mine.push(eb('user_id', '=', who.userId));
      if (who.deviceId) mine.push(eb.and([eb('device_id', '=', who.deviceId), eb('user_id', 'is', null)]));
      return eb.or(mine);
    })
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ seq: r.seq, header: r.header, desc: r.description, img: r.img ?? '', from_id: r.from_id ?? '0' }));
}

/** The shop's newest seq (where a client without one starts), from its counter row. */
export async function latestSeq(db: Executor, storeId: number): Promise<number> {
  const r = await db.selectFrom('notification_seqs').select('last').where('store_id', '=', storeId).executeTakeFirst();
  return Number(r?.last ?? 0);
}

/**
 * Stores a native app's push token. A token already stored stays with whoever registered it: only the same
 * signed-in user or the same device (`device_id`) may register it again (and so move it between the two,
 * as signing in and out on that device does); anyone else gets false and nothing changes. One conditional
 * upsert, so two sessions racing for one token cannot both win.
 */
export async function savePushToken(db: Executor, storeId: number, v: { pushToken: string; device: string | null; userId: number | null; deviceId: string | null }): Promise<boolean> {
  const at = now();
  const row = await db
    .insertInto('push_tokens')
    .values({ store_id: storeId, push_token: v.pushToken, device: v.device, user_id: v.userId, device_id: v.deviceId, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc
        .columns(['store_id', 'push_token'])
        .doUpdateSet({ device: v.device, user_id: v.userId, device_id: v.deviceId, updated_at: at })
        .where((eb) =>
          eb.or([
            ...(v.userId !== null ? [eb('push_tokens.user_id', '=', v.userId)] : []),
            ...(v.deviceId ? [eb('push_tokens.device_id', '=', v.deviceId)] : []),
            sql<boolean>`1 = 0`,
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
