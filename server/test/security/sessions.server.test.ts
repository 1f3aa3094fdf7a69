/**
 * Security suite, issue 34: sessions expire. On 20401c2 a token lived until logout, for ever. Now a
 * session dies after 30 idle days, and 90 days after its sign-in however much it is used. Played on the
 * fake clock: the token check, an owner's REST call and a customer's api= call.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_PHONE, OWNER_PHONE, startTestServer, type Auth, type TestServer } from '../helpers';
import { rest } from '../checkoutFixtures';
import { SESSION_LIMITS } from '../../api/sessionLife';

let server: TestServer;
const DAY = 24 * 3600_000;
const START = Date.parse('2026-12-01T09:00:00Z');
const at = (day: number) => vi.setSystemTime(START + day * DAY);

beforeAll(async () => {
  server = await startTestServer();
  vi.useFakeTimers({ toFake: ['Date'] });
  at(0);
});
afterAll(async () => {
  vi.useRealTimers();
  await server?.close();
});

const alive = async (auth: Auth) => (await server.api('token_check', {}, { token: auth })).body.token === 'ok';
/** Uses the session and waits until its use is noted (written after the answer). */
async function use(auth: Auth) {
  const ok = await alive(auth);
  const seen = async () => Date.parse((await server.db.selectFrom('sessions').select('last_seen_at').where('id', '=', Number(auth.token_seq)).executeTakeFirstOrThrow()).last_seen_at);
  // (20401c2 never noted a use: the test goes on and fails on the expiry itself.)
  if (ok) await expect.poll(seen, { timeout: 3000 }).toBe(Date.now()).catch(() => undefined);
  return ok;
}

describe('sessions expire (issue 34)', () => {
  it('ends a session after 30 idle days and 90 days after sign-in, however much it is used', async () => {
    const idle = await server.signIn(CUSTOMER_PHONE);
    at(0.01);
    const busy = await server.signIn(OWNER_PHONE);
    const untouched = await server.signIn('+79990000123');
    const log: string[] = [];

    at(29);
    const idleDay29 = await use(idle);
    at(29 + 31);
    const idleDay60 = await alive(idle);
    log.push(`used on day 29: ${idleDay29}, then 31 idle days: ${idleDay60}`);

    const untouchedDay31 = await alive(untouched);
    log.push(`never used, day 31: ${untouchedDay31}`);

    const busyDays: string[] = [];
    let busyDay89 = false;
    for (const day of [10, 20, 30, 40, 50, 60, 70, 80, 89]) {
      at(day);
      busyDay89 = await use(busy);
      busyDays.push(`${day}:${busyDay89 ? 'ok' : 'dead'}`);
    }
    at(90.5);
    const busyDay90 = await alive(busy);
    const restAfter = await rest(server, 'GET', '/orders', { token: busy.token });
    const apiAfter = await server.api('orders', { list: 1 }, { token: busy });
    log.push(`used every 10 days: ${busyDays.join(' ')}, day 90.5: ${busyDay90}; then REST ${restAfter.status}, api ${apiAfter.status} ${apiAfter.body.token ?? ''}`);
    const again = await server.signIn(OWNER_PHONE);
    console.log(`sessions (idle ${SESSION_LIMITS.idleMs / DAY} days, at most ${SESSION_LIMITS.maxMs / DAY} days): ${log.join('; ')}; signing in again: ${await alive(again)} [${server.label}]`);
    expect(idleDay29).toBe(true);
    expect(idleDay60).toBe(false);
    expect(untouchedDay31).toBe(false);
    expect(busyDay89).toBe(true);
    expect(busyDay90).toBe(false);
    expect(restAfter.status).toBe(401);
    expect(apiAfter.status).toBe(401);
    expect(await alive(again)).toBe(true);
  }, 120_000);
});
