import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage, startSignedIn, type Auth, type TestServer } from './helpers';

/** What the owner's panel needs beyond the shop's own reads. */
describe('owner extras of the api= calls', () => {
  let server: TestServer, owner: Auth, customer: Auth;
  beforeAll(async () => {
    ({ server, owner, customer } = await startSignedIn({ demo: true }));
  }, 120_000);
  afterAll(() => server?.close());

  const list = (params: Record<string, string | number>, token?: Auth) =>
    server.api<{ offers: { id: string; active: string }[] }>('offers', params, token ? { token } : {});

  it('lists hidden products for the owner with hidden=1, and for nobody else', async () => {
    const hide = await server.api('offers', { update: 1, 'p[478_offer_id]': '1001', 'p[562_active]': '0' }, { token: owner });
    expect(hide.status).toBe(200);
    const ids = async (params: Record<string, string | number>, token?: Auth) => (await list(params, token)).body.offers.map((o) => o.id);
    expect(await ids({ 'p[287_categoryId]': '11' })).not.toContain('1001');
    expect(await ids({ 'p[287_categoryId]': '11', hidden: 1 }, customer)).not.toContain('1001');
    const mine = await list({ 'p[287_categoryId]': '11', hidden: 1 }, owner);
    expect(mine.body.offers.find((o) => o.id === '1001')?.active).toBe('0');
  });

  it('searches within a category when both are given', async () => {
    const all = (await list({ value: 'квант' })).body.offers;
    const inBooks = (await list({ value: 'квант', 'p[287_categoryId]': '2' })).body.offers;
    expect(all.length).toBeGreaterThan(0);
    expect(inBooks).toEqual([]);
  });

  it('answers a public read with a revoked token with "token": "error"', async () => {
    const session = await server.signIn('+79995554433');
    expect((await server.api('logout', {}, { token: session })).status).toBe(200);
    const r = await server.api('offers_category', {}, { token: session });
    expect(r.status).toBe(200);
    expect(r.body.token).toBe('error');
    expect((await server.api('offers_category', {}, { token: owner })).body.token).toBeUndefined();
  });

  it('keeps two copies of one picture apart: deleting one leaves the other', async () => {
    const png = await pngImage(80, 60);
    const created = await server.api('offers', { set: 1, 'p[276_name]': 'Две одинаковые', 'p[283_price]': 10, 'p[287_categoryId]': '11' }, { token: owner, files: { 'p[466_img]': png, 'p[467_img]': png } });
    expect(created.status).toBe(200);
    const item = created.body.offers[0] as { id: string; images: { id: string }[] };
    expect(item.images).toHaveLength(2);
    expect(new Set(item.images.map((i) => i.id)).size).toBe(2);
    const del = await server.api('offers', { del: 1, 'p[478_offer_id]': item.id, img_id: item.images[1].id }, { token: owner });
    expect(del.status).toBe(200);
    const after = await server.api('offers', { 'p[478_offer_id]': item.id }, { token: owner });
    expect(after.body.offers[0].images.map((i: { id: string }) => i.id)).toEqual([item.images[0].id]);
  });

  it('takes the logo as a file, checked by its bytes', async () => {
    const bad = await server.api('stores', { update: 1 }, { token: owner, files: { 'p[401_logo]': Buffer.from('not a picture') } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('unsupported_file');
    const ok = await server.api('stores', { update: 1 }, { token: owner, files: { 'p[401_logo]': await pngImage(120, 40) } });
    expect(ok.status).toBe(200);
    const logo = ok.body.stores[0].logo as string;
    expect(logo).toMatch(/\.png$/);
    expect((await server.get(`/images/${logo}`)).status).toBe(200);
  });
});
