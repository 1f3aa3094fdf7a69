/**
 * Issue 34: in-app notification seqs per shop. On 20401c2 api=inner_push handed out the platform's row ids,
 * so any shopper's client saw how many notifications the whole server sent (its first poll gave the newest
 * id of all shops). Now each shop numbers its own; a client holding a seq from before starts over at its
 * shop's newest; notifications stored before are numbered per shop by the migration.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { CUSTOMER_PHONE, type Auth, type TestServer } from '../helpers';
import { Y_DOMAIN, newDevice, orderForm, type Shop } from '../checkoutFixtures';
import { startTwoShops, type ShopY } from '../checkoutShop';

let server: TestServer;
let shop: Shop;
let customer: Auth;
let shopY: ShopY;
/** The SQL of every query the app ran. */
const queries: string[] = [];

beforeAll(async () => {
  ({ server, customer, shop, y: shopY } = await startTwoShops({ log: (e) => void (e.level === 'query' && queries.push(e.query.sql)) }));
});
afterAll(() => server?.close());

/** An order of shop X by a checked customer: the owner of X gets a notification. */
const orderX = () => server.api('orders', { ...orderForm({ [shop.offers.big]: 1 }, { client_phone: CUSTOMER_PHONE }), device_id: newDevice() }, { token: customer });
const orderY = () => server.api('orders', { ...orderForm({ [shopY.offer]: 1 }, { client_phone: CUSTOMER_PHONE }), device_id: newDevice() }, { token: shopY.customer, host: Y_DOMAIN });
const pollY = (seq?: number) => server.api('inner_push', seq === undefined ? {} : { seq }, { token: shopY.owner, host: Y_DOMAIN });

describe('notification seqs per shop (issue 34)', () => {
  it('an empty poll (every open client, every second) reads the shop’s counter only for a seq past the newest this process saw', async () => {
    const seq = Number((await pollY()).body.seq);
    const counterReads = () => queries.filter((q) => q.includes('notification_seqs')).length;
    const before = counterReads();
    for (let i = 0; i < 5; i++) expect((await pollY(seq)).body).toMatchObject({ seq: String(seq), inner_push: [] });
    expect(counterReads()).toBe(before);
    // A seq past it (an old platform-wide id) is checked against the counter once, and starts over at the newest.
    expect((await pollY(seq + 1_000_000)).body).toMatchObject({ seq: String(seq) });
    expect(counterReads()).toBe(before + 1);
  });

  it('a shop’s seqs count its own notifications only, whatever the other shops send', async () => {
    const start = await pollY();
    expect(start.status).toBe(200);
    const first = Number(start.body.seq);
    expect((await orderY()).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await orderX()).status).toBe(200);
    expect((await orderY()).status).toBe(200);

    const got = await pollY(first);
    const seqs = (got.body.inner_push as { seq: number }[]).map((n) => Number(n.seq));
    // The owner of Y hears of each of Y's two orders; X's five take no seq of Y's.
    expect(seqs).toEqual([first + 1, first + 2]);
    expect(Number((await pollY()).body.seq)).toBe(first + 2);
    const all = await sql<{ store_id: number; seq: number }>`select store_id, seq from notifications order by store_id, seq`.execute(server.db);
    for (const storeId of [server.storeId, shopY.storeId]) {
      const mine = all.rows.filter((r) => r.store_id === storeId).map((r) => Number(r.seq));
      expect(mine, `shop ${storeId}`).toEqual(mine.map((_, i) => i + 1));
    }
  });

  it('a client polling from a seq past its shop’s newest starts over there and gets what comes next', async () => {
    const newest = Number((await pollY()).body.seq);
    const stale = await pollY(999_999);
    expect(stale.body).toMatchObject({ seq: String(newest), inner_push: [] });
    expect((await orderY()).status).toBe(200);
    const next = await pollY(Number(stale.body.seq));
    expect((next.body.inner_push as { seq: number }[]).map((n) => Number(n.seq))).toEqual([newest + 1]);
  });

  it('numbers the notifications stored before per shop, in the order they were made, and goes on from there', async () => {
    const db = server.db;
    await sql`drop index notifications_seq`.execute(db);
    await sql`drop index notifications_user`.execute(db);
    await sql`drop index notifications_device`.execute(db);
    await sql`drop table notification_seqs`.execute(db);
    await sql`alter table notifications drop column seq`.execute(db);
    await sql`create index notifications_user on notifications (store_id, user_id, id)`.execute(db);
    await sql`create index notifications_device on notifications (store_id, device_id, id)`.execute(db);
    await sql`delete from schema_migrations where name = '2026112950_notification_seqs'`.execute(db);

    expect(await migrate(db, server.dialect)).toEqual(['2026112950_notification_seqs']);
    const rows = await sql<{ id: number; store_id: number; seq: number }>`select id, store_id, seq from notifications order by store_id, id`.execute(db);
    for (const storeId of [server.storeId, shopY.storeId]) {
      const mine = rows.rows.filter((r) => r.store_id === storeId).map((r) => Number(r.seq));
      expect(mine.length, `shop ${storeId}`).toBeGreaterThan(0);
      expect(mine, `shop ${storeId}`).toEqual(mine.map((_, i) => i + 1));
    }
    const newest = Number((await pollY()).body.seq);
    expect(newest).toBe(rows.rows.filter((r) => r.store_id === shopY.storeId).length);
    expect((await orderY()).status).toBe(200);
    expect((await pollY(newest)).body.inner_push.map((n: { seq: number }) => Number(n.seq))).toEqual([newest + 1]);
  });
});
