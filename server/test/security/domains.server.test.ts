/**
 * Security suite, issue 34: shops' domains. On 20401c2 the owner of shop 2 sent `p[402_domain]=127.0.0.1`
 * and took the address every visitor of the default shop used; any host fell back to the default shop.
 * Now a new domain waits until its owner proves it (a DNS TXT record or a file at a well-known path,
 * checked here through a fake resolver), the platform's hosts and other shops' live domains cannot be
 * claimed, and a host that serves no shop answers a plain 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Auth, type TestServer } from '../helpers';
import type { DomainProver } from '../../features/stores/domains';

/** The fake DNS and web: TXT records by name, files by URL. */
const txt = new Map<string, string[]>();
const files = new Map<string, string>();
const prover: DomainProver = { txt: async (name) => txt.get(name) ?? [], fetchText: async (url) => files.get(url) ?? null };

let server: TestServer;
let owner2: Auth;
let owner3: Auth;
let shop2: number;
let shop3: number;
beforeAll(async () => {
  server = await startTestServer({ env: { PUBLIC_URL: 'https://platform.test', PLATFORM_HOSTS: 'platform-alt.test, 203.0.113.10' }, domainProver: prover });
  shop2 = await server.addStore({ name: 'Магазин 2', domain: 'shop2.test', ownerPhone: '+79995550201' });
  shop3 = await server.addStore({ name: 'Магазин 3', domain: 'shop3.test', ownerPhone: '+79995550301' });
  owner2 = await server.signIn('+79995550201', { host: 'shop2.test' });
  owner3 = await server.signIn('+79995550301', { host: 'shop3.test' });
});
afterAll(() => server?.close());

const claim = (domain: string, token: Auth, host: string) => server.api('stores', { update: 1, 'p[402_domain]': domain }, { token, host });
const verify = (token: Auth, host: string) => server.api('stores', { verify_domain: 1 }, { token, host });
const shopOn = async (host: string) => {
  const r = await server.api('stores', {}, { host });
  return r.status === 200 ? r.body.stores[0].id : `${r.status} ${r.body?.error?.code}`;
};

describe('domains are proven before they go live (issue 34)', () => {
  it("refuses the platform's hosts and other shops' domains, keeps a new domain pending until proven, and gives unknown hosts no shop", async () => {
    // Claims that must never succeed: the platform's hosts, addresses, another shop's live domain.
    const refusedClaims: string[] = [];
    for (const domain of ['127.0.0.1', 'localhost', 'LOCALHOST.', '[::1]', 'platform.test', 'platform-alt.test', '203.0.113.10', '198.51.100.7', 'shop3.test', 'nodot', '']) {
      const r = await claim(domain, owner2, 'shop2.test');
      if (r.status >= 400) refusedClaims.push(`${domain || "''"} ${r.status} ${r.body.error.code}`);
    }
    const stillLive = await shopOn('127.0.0.1:8080');

    // A new domain: pending, shown with its proof to the owner, serving nobody yet.
    const asked = await claim('New-Shop2.test', owner2, 'shop2.test');
    const view = asked.body.stores?.[0] ?? {};
    const publicView = (await server.api('stores', {}, { host: 'shop2.test' })).body.stores?.[0] ?? {};
    const pendingServes = await shopOn('new-shop2.test');
    const pendingPage = await server.get('/', { host: 'new-shop2.test' });
    const unproven = await verify(owner2, 'shop2.test');
    txt.set('_shop-verify.new-shop2.test', ['shop-verify=not-the-token', 'v=spf1 -all']);
    const wrongToken = await verify(owner2, 'shop2.test');

    // Proven by DNS: live; the old domain no longer serves shop 2.
    txt.set('_shop-verify.new-shop2.test', [view.domain_proof]);
    const proven = await verify(owner2, 'shop2.test');
    const newServes = await shopOn('new-shop2.test');
    const oldServes = await shopOn('shop2.test');
    // Shop 3 may not take it now; its own domain is proven by the file at the well-known path.
    const takeLive = await claim('new-shop2.test', owner3, 'shop3.test');
    const asked3 = (await claim('flowers3.test', owner3, 'shop3.test')).body.stores?.[0] ?? {};
    files.set('http://flowers3.test/.well-known/shop-verify.txt', `${String(asked3.domain_proof ?? '').replace('shop-verify=', '')}\n`);
    const byFile = await verify(owner3, 'shop3.test');
    const shop3Serves = await shopOn('flowers3.test');

    // Two shops waiting for one domain: the first proof wins, the second is refused.
    await claim('contested.test', owner2, 'new-shop2.test');
    await claim('contested.test', owner3, 'flowers3.test');
    const tokens = await server.db.selectFrom('stores').select(['id', 'domain_token']).where('domain_pending', '=', 'contested.test').execute();
    txt.set('_shop-verify.contested.test', tokens.map((t) => `shop-verify=${t.domain_token}`));
    const first = await verify(owner3, 'flowers3.test');
    const second = await verify(owner2, 'new-shop2.test');

    // Hosts that serve no shop, and the platform's own hosts.
    const unknownApi = await server.api('offers', {}, { host: 'nobody.test' });
    const unknownPage = await server.get('/', { host: 'nobody.test' });
    const platform = [await shopOn('127.0.0.1:1234'), await shopOn('localhost'), await shopOn('platform.test'), await shopOn('platform-alt.test')];
    const health = await server.get('/healthz', { host: 'nobody.test' });

    console.log(
      `domains: ${refusedClaims.length} of 11 claims of the platform's hosts, addresses, another shop's domain and non-names refused (${refusedClaims.join('; ')}); ` +
        `a new domain: ${view.domain_status} with proof "${String(view.domain_proof).slice(0, 16)}…", the public sees ${publicView.domain}, it serves ${pendingServes} and its page ${pendingPage.status}; ` +
        `'Проверить' without proof ${unproven.status} ${unproven.body.error?.code}, with a wrong token ${wrongToken.status}; proven by TXT ${proven.status} ${proven.body.stores?.[0]?.domain_status} → serves shop ${newServes}, the old domain ${oldServes}; ` +
        `shop 3 claiming it ${takeLive.status} ${takeLive.body.error?.code}, its own proven by the well-known file ${byFile.status} → serves shop ${shop3Serves}; one domain two shops: first ${first.status}, second ${second.status} ${second.body.error?.code}; ` +
        `unknown host: api ${unknownApi.status} ${unknownApi.body.error?.code}, page ${unknownPage.status}; platform hosts serve shop ${platform.join(', ')}; /healthz on any host ${health.status} [${server.label}]`,
    );
    expect(refusedClaims).toHaveLength(11);
    expect(stillLive).toBe(server.storeId);
    expect(view.domain_status).toBe('pending');
    expect(view.domain).toBe('new-shop2.test');
    expect(view.domain_live).toBe('shop2.test');
    expect(view.domain_proof).toMatch(/^shop-verify=[0-9a-f]{32}$/);
    expect(publicView.domain).toBe('shop2.test');
    expect(publicView.domain_proof).toBeUndefined();
    expect(pendingServes).toBe('404 no_shop');
    expect(pendingPage.status).toBe(404);
    expect(String(pendingPage.body)).toContain('Здесь нет магазина');
    expect([unproven.status, unproven.body.error.code]).toEqual([400, 'domain_not_proven']);
    expect(wrongToken.status).toBe(400);
    expect(proven.status).toBe(200);
    expect(newServes).toBe(shop2);
    expect(oldServes).toBe('404 no_shop');
    expect([takeLive.status, takeLive.body.error.code]).toEqual([409, 'domain_taken']);
    expect(byFile.status).toBe(200);
    expect(shop3Serves).toBe(shop3);
    expect(first.status).toBe(200);
    expect([second.status, second.body.error.code]).toEqual([409, 'domain_taken']);
    expect([unknownApi.status, unknownApi.body.error.code]).toEqual([404, 'no_shop']);
    expect(unknownPage.status).toBe(404);
    expect(platform).toEqual([server.storeId, server.storeId, server.storeId, server.storeId]);
    expect(health.status).toBe(200);
  });
});
