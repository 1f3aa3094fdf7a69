/**
 * Issue 34: a push token belongs to the device that registered it. On 20401c2 re-registering a known token
 * (api=push) moved it to whoever sent it, so another session could take a customer's or the owner's push
 * messages. Now only the same signed-in user or the same device may register it again; anyone else gets
 * 409 `push_token_taken` and nothing changes; no answer shows a stored token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshot, startSignedIn, type Auth, type TestServer } from '../helpers';
import { Y_DOMAIN, newDevice } from '../checkoutFixtures';

const CUSTOMER_B = '+79993334455';

let server: TestServer;
let owner: Auth;
let customerA: Auth;
let customerB: Auth;

beforeAll(async () => {
  ({ server, owner, customer: customerA } = await startSignedIn());
  customerB = await server.signIn(CUSTOMER_B);
});
afterAll(() => server?.close());

const push = (pushToken: string, o: { token?: Auth; device?: string; host?: string } = {}) =>
  server.api('push', { push_token: pushToken, device: 'mob', ...(o.device ? { device_id: o.device } : {}) }, { token: o.token, host: o.host });
const rowOf = (pushToken: string) => server.db.selectFrom('push_tokens').select(['user_id', 'device_id']).where('push_token', '=', pushToken).execute();

describe('push tokens bound to their device (issue 34)', () => {
  it('keeps a token with the user or device that registered it', async () => {
    const deviceA = newDevice();
    const tokenA = 'fcm-A-' + newDevice();
    const tokenOwner = 'fcm-owner-' + newDevice();
    const tokenAnon = 'fcm-anon-' + newDevice();
    const anonDevice = newDevice();
    expect((await push(tokenA, { token: customerA, device: deviceA })).status).toBe(200);
    expect((await push(tokenOwner, { token: owner })).status).toBe(200);
    expect((await push(tokenAnon, { device: anonDevice })).status).toBe(200);

    const before = await snapshot(server.db, ['push_tokens']);
    // Every other session tries to take each token: another customer, the owner, strangers' devices.
    const attempts: [string, () => ReturnType<typeof push>][] = [];
    for (const t of [tokenA, tokenOwner, tokenAnon]) {
      attempts.push([`B takes ${t}`, () => push(t, { token: customerB, device: newDevice() })]);
      attempts.push([`stranger takes ${t}`, () => push(t, { device: newDevice() })]);
    }
    attempts.push(['owner takes A’s', () => push(tokenA, { token: owner, device: newDevice() })]);
    attempts.push(['A takes the owner’s', () => push(tokenOwner, { token: customerA, device: newDevice() })]);
    attempts.push(['A takes the anonymous device’s', () => push(tokenAnon, { token: customerA })]);
    const results = await Promise.all(attempts.map(([, f]) => f()));
    const taken = results.filter((r) => r.status !== 409).length;
    expect(results.map((r) => r.body.error?.code)).toEqual(attempts.map(() => 'push_token_taken'));
    expect(await snapshot(server.db, ['push_tokens'])).toBe(before);
    // Nothing shows a stored token.
    for (const who of [customerB, owner]) expect(JSON.stringify((await server.api('inner_push', { seq: 0 }, { token: who })).body)).not.toContain('fcm-');

    // The registering side may renew it: the same user on another device, the same device signed out.
    expect((await push(tokenA, { token: customerA, device: newDevice() })).status).toBe(200);
    expect((await push(tokenA, { device: deviceA })).status).toBe(409);
    expect((await push(tokenAnon, { device: anonDevice })).status).toBe(200);
    // The anonymous device signs in: the token goes with it to the user.
    expect((await push(tokenAnon, { token: customerB, device: anonDevice })).status).toBe(200);
    expect(await rowOf(tokenAnon)).toEqual([{ user_id: Number(customerB.user_id), device_id: anonDevice }]);
    // Another shop has its own tokens: the same token there is that shop's own registration.
    await server.addStore({ name: 'Y', domain: Y_DOMAIN });
    expect((await push(tokenA, { device: newDevice(), host: Y_DOMAIN })).status).toBe(200);
    expect(await rowOf(tokenA)).toHaveLength(2);
    console.log(`push tokens: ${attempts.length} takeovers of 3 tokens by other sessions and devices, ${taken} succeeded (409 push_token_taken each, table unchanged); renewals by the same user or device 200 [${server.label}]`);
    expect(taken).toBe(0);
  });
});
