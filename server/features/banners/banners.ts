import type { BannerApi } from '../../../schemas/banner';
import type { Db, Store } from '../../db/types';

/** What a banner row keeps in its JSON `data`. */
export interface BannerData {
  link?: string | null;
  img?: string | null;
  thumb?: string | null;
  video?: string | null;
  width?: string;
}

export type BannerRow = { id: number; sort: number; data: string };

/** A banner as api=shop_banners answers it. */
export function bannerToApi(row: BannerRow, store: Pick<Store, 'id' | 'user_id'>): BannerApi {
  const d = JSON.parse(row.data) as BannerData;
  return {
    id: String(row.id),
    userId: String(store.user_id ?? ''),
    shopId: String(store.id),
    link: d.link ?? '',
    img: d.img ?? null,
    thumb: d.thumb ?? null,
    video: d.video ?? null,
    width: d.width ?? '100',
    sort: String(row.sort),
  };
}

/** The store's banners in their order (api=shop_banners without arguments; also inlined into index.html). */
export async function listBanners(db: Db, store: Pick<Store, 'id' | 'user_id'>) {
  const rows = await db.selectFrom('banners').select(['id', 'sort', 'data']).where('store_id', '=', store.id).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => bannerToApi(r, store));
}
