import { defineEntity } from './field';

/** Width options of a banner: label → percent of the row. */
export const BANNER_WIDTHS = [
  ['1', '100'],
  ['1/2', '50'],
  ['1/3', '33.33'],
  ['1/4', '25'],
  ['2/3', '66.66'],
  ['3/4', '75'],
] as const;

/**
 * A banner as api=shop_banners answers it (server bannerToApi; also inlined into index.html). Not the
 * registry's codec: ids and the order travel as strings and the picture is `img` (with its `thumb`), so the
 * shape is declared here once for the server and the storefront.
 */
export interface BannerApi {
  id: string;
  userId: string;
  shopId: string;
  link: string;
  img: string | null;
  thumb: string | null;
  video: string | null;
  width: string;
  sort: string;
}

export const bannerSchema = defineEntity('shop_banners', 'banners', [
  { no: 593, key: 'banner_id', name: 'id', type: 'number', readOnly: true, column: 'id' },
  { no: 670, key: 'store_id', name: 'shopId', type: 'number', readOnly: true, column: 'store_id' },
  // A path on the shop or an http(s) address: never javascript:, data: or vbscript: (the url type's validator).
  { no: 591, key: 'link', type: 'url', maxLength: 2000 },
  { no: 592, key: 'img', name: 'image', type: 'image' },
  { no: 666, key: 'video', type: 'video' },
  { no: 594, key: 'width', type: 'select', default: '100', options: BANNER_WIDTHS.map(([label, id]) => ({ id, label })) },
  { no: 595, key: 'sort', type: 'number', default: 1, min: 0, max: 1_000_000, column: 'sort' },
  { no: 667, key: 'is_delete_video', name: 'isDeleteVideo', type: 'bool', default: false },
]);
