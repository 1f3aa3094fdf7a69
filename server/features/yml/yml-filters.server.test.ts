import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers';

/** Imported params become filters of the category their products share, not of the whole shop. */
describe('filters of an imported feed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demo: true });
  }, 120_000);
  afterAll(() => server?.close());

  const filterNames = async (categoryId: string) => {
    const r = await server.api<{ offers_params: { name: string; userId: string }[] }>('offers_params', { 'p[389_category_id]': categoryId });
    expect(r.status).toBe(200);
    return r.body.offers_params.filter((p) => p.userId !== '0').map((p) => p.name);
  };

  it('shows a smartphone filter on smartphones and not on books', async () => {
    expect(await filterNames('11')).toContain('Объём памяти');
    expect(await filterNames('21')).not.toContain('Объём памяти');
  });

  it('shows a books filter on books and not on smartphones', async () => {
    expect(await filterNames('21')).toContain('Обложка');
    expect(await filterNames('11')).not.toContain('Обложка');
  });

  it('still filters the products by it', async () => {
    const params = await server.api<{ offers_params: { baseId: string; name: string; values: { id: string; name: string }[] }[] }>('offers_params', { 'p[389_category_id]': '11' });
    const colour = params.body.offers_params.find((p) => p.name === 'Цвет')!;
    const value = colour.values[0];
    const list = await server.api<{ offers: { id: string }[] }>('offers', { 'p[287_categoryId]': '11', [`filter[${colour.baseId}]`]: value.id });
    expect(list.body.offers.length).toBeGreaterThan(0);
    for (const o of list.body.offers) {
      const item = await server.api<{ offers: { params: { baseId: number; value: string }[] }[] }>('offers', { 'p[478_offer_id]': o.id });
      expect(item.body.offers[0].params.some((p) => String(p.baseId) === colour.baseId && p.value === value.id)).toBe(true);
    }
  });
});
