/**
 * A shop's catalogue as a YML feed (Yandex Market format) at GET /yml.xml, for marketplaces to fetch.
 * Streamed page by page (500 offers a query), so a big catalogue never sits in memory. The route's ETag is the
 * catalogue version (route.ts), so a client that already has the current feed gets 304 without a build.
 */
import { COMMON_FILTERS, ROOT_CATEGORY_ID } from '../../../../schemas';
import type { Db } from '../../../db/types';
import { paramsInScope } from '../../catalogue/public';

const PAGE = 500;
const xml = (s: unknown) =>
  String(s ?? '')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

interface ExportOptions {
  /** The shop's origin, for picture links of uploaded pictures (`<origin>/images/<path>`). */
  origin: string;
  shopName: string;
}

/** The feed of a shop as exportFile.ts builds it (its `fn`). */
export const feedText = (db: Db, a: ExportOptions & { storeId: number }) => exportYml(db, a.storeId, a);

/** The feed as chunks of text. */
export async function* exportYml(db: Db, storeId: number, opts: ExportOptions): AsyncGenerator<string> {
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="${date}">\n<shop>\n<name>${xml(opts.shopName)}</name>\n<company>${xml(opts.shopName)}</company>\n<url>${xml(opts.origin)}/</url>\n`;
  yield `<currencies><currency id="RUR" rate="1"/></currencies>\n<categories>\n`;
  const categories = await db.selectFrom('categories').select(['id', 'parent_id', 'name']).where('store_id', '=', storeId).where('hidden', '=', 0).orderBy('sort').orderBy('id').execute();
  for (const c of categories) {
    const parent = c.parent_id && c.parent_id !== ROOT_CATEGORY_ID ? ` parentId="${xml(c.parent_id)}"` : '';
    yield `<category id="${xml(c.id)}"${parent}>${xml(c.name)}</category>\n`;
  }
  yield `</categories>\n<offers>\n`;
  // A base id names a param on the offer's category path (features/catalogue/params.ts).
  const scopes = new Map<string, Awaited<ReturnType<typeof paramsInScope>>>();
  const scopeOf = async (categoryId: string) => scopes.get(categoryId) ?? scopes.set(categoryId, await paramsInScope(db, storeId, categoryId)).get(categoryId)!;
  const valueNames = new Map<string, string>();
  for (const v of await db.selectFrom('param_values').select(['param_id', 'id', 'name']).where('store_id', '=', storeId).execute()) valueNames.set(`${v.param_id}:${v.id}`, v.name);
  const picture = (img: string) => (/^https?:\/\//i.test(img) ? img : `${opts.origin}/images/${img}`);
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('offers')
      .select(['id', 'name', 'vendor', 'price', 'oldprice', 'category_id', 'available', 'group_id', 'data'])
      .where('store_id', '=', storeId)
      .where('deleted', '=', 0)
      .where('active', '=', 1)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    if (!rows.length) break;
    after = rows[rows.length - 1].id;
    const values = await db
      .selectFrom('offer_params')
      .select(['offer_id', 'base_id', 'value'])
      .where('store_id', '=', storeId)
      .where('offer_id', 'in', rows.map((r) => r.id))
      .where('base_id', '<>', COMMON_FILTERS.price)
      .execute();
    const byOffer = new Map<string, { base_id: number; value: string }[]>();
    for (const v of values) byOffer.set(v.offer_id, [...(byOffer.get(v.offer_id) ?? []), v]);
    let out = '';
    for (const r of rows) {
      const params = await scopeOf(r.category_id);
      const data = JSON.parse(r.data) as { images?: { img: string }[]; description?: string; currencyId?: string; props?: { name: string; unit?: string; value: string }[] };
      out += `<offer id="${xml(r.id)}"${r.group_id ? ` group_id="${xml(r.group_id)}"` : ''} available="${r.available ? 'true' : 'false'}">`;
      out += `<name>${xml(r.name)}</name>`;
      if (r.vendor) out += `<vendor>${xml(r.vendor)}</vendor>`;
      out += `<price>${r.price}</price>`;
      if (r.oldprice) out += `<oldprice>${r.oldprice}</oldprice>`;
      out += `<currencyId>RUR</currencyId><categoryId>${xml(r.category_id)}</categoryId>`;
      for (const i of (data.images ?? []).slice(0, 10)) out += `<picture>${xml(picture(i.img))}</picture>`;
      if (data.description) out += `<description>${xml(data.description)}</description>`;
      for (const v of byOffer.get(r.id) ?? []) {
        const p = params.get(v.base_id);
        if (!p) continue;
        const value = p.kind === 'select' ? (valueNames.get(`${p.id}:${v.value}`) ?? v.value) : p.kind === 'bool' ? (v.value === '1' ? 'да' : 'нет') : v.value;
        out += `<param name="${xml(p.name)}"${p.unit ? ` unit="${xml(p.unit)}"` : ''}>${xml(value)}</param>`;
      }
      for (const p of data.props ?? []) out += `<param name="${xml(p.name)}"${p.unit ? ` unit="${xml(p.unit)}"` : ''}>${xml(p.value)}</param>`;
      out += `</offer>\n`;
    }
    yield out;
  }
  yield `</offers>\n</shop>\n</yml_catalog>\n`;
}
