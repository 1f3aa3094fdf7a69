import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => void (server = await startTestServer()));
afterAll(() => server?.close());

describe('bare seed paths of the owner screens', () => {
  it('lead to the same path under /admin, query kept', async () => {
    const cases: [string, string][] = [
      ['/settings/common_settings', '/admin/settings/common_settings'],
      ['/item_editor/1-3/1001', '/admin/item_editor/1-3/1001'],
      ['/category_editor/0/new', '/admin/category_editor/0/new'],
      ['/filter_editor/category/0', '/admin/filter_editor/category/0'],
      ['/banner_settings', '/admin/banner_settings'],
      ['/banner_settings/banner/new', '/admin/banner_settings/banner/new'],
      ['/promo_settings/code/new?from=mail', '/admin/promo_settings/code/new?from=mail'],
      ['/ingredient_settings', '/admin/ingredient_settings'],
      ['/ingredients/all/0/1001', '/admin/ingredients/all/0/1001'],
      ['/place_settings/place/1/place_orders', '/admin/place_settings/place/1/place_orders'],
      ['/polygon_map/1', '/admin/polygon_map/1'],
    ];
    for (const [from, to] of cases) {
      const r = await server.get(from);
      expect(r.status, from).toBe(302);
      expect(r.headers.location, from).toBe(to);
    }
  });

  it('leaves the shop’s own paths and look-alikes alone', async () => {
    for (const path of ['/settingsx', '/category/1', '/admin/settings/common_settings', '/config.json']) {
      const r = await server.get(path);
      expect(r.status, path).not.toBe(302);
    }
  });
});
