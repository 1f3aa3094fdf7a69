import { type RaRecord } from 'ra-core';
import type { Adapter, AdapterContext } from './adapter';
import { bannerSchema } from '../../schemas/banner';
import { asBool, BANNER, BANNER_ID, f, fieldParams, localList, pKey, type PickedFile } from '../apiFields';

/** api=shop_banners: the banners in their order, saves with the picture or video. */
export function bannersAdapter({ call, src }: AdapterContext): Adapter {
  const bannerRecord = (b: Record<string, unknown>) => ({ ...b, id: String(b.id), sort: Number(b.sort ?? 1), imgSrc: src(b.img), thumbSrc: src(b.thumb) ?? src(b.img), videoSrc: src(b.video) }) as RaRecord;
  const banners = async (signal?: AbortSignal) => ((await call<{ shop_banners: Record<string, unknown>[] }>('shop_banners', {}, { signal })).shop_banners ?? []).map(bannerRecord);
  async function saveBanner(data: Record<string, unknown>, previous?: Record<string, unknown>) {
    const params = fieldParams(bannerSchema.fields.filter((x) => x.name !== 'isDeleteVideo'), data, previous);
    if (previous) Object.assign(params, { update: 1, [BANNER_ID]: String(previous.id) });
    else params.set = 1;
    const image = data.image as PickedFile | undefined;
    const video = data.video as PickedFile | string | undefined;
    if (image?.rawFile) params[pKey(f(BANNER, 'image'))] = image.rawFile;
    if (video && typeof video === 'object' && video.rawFile) params[pKey(f(BANNER, 'video'))] = video.rawFile;
    else if (asBool(data.isDeleteVideo) || (previous?.video && (video === null || video === ''))) params[pKey(f(BANNER, 'isDeleteVideo'))] = '1';
    const body = await call<{ shop_banners: Record<string, unknown>[] }>('shop_banners', params);
    return bannerRecord(body.shop_banners[0]);
  }

  return {
    list: async (params) =>
      localList(await banners(params.signal), { ...params, sort: params.sort?.field === 'id' || !params.sort ? { field: 'sort', order: 'ASC' } : params.sort }, (r) => String(r.link ?? '')),
    async one(id, signal) {
      const body = await call<{ shop_banners: Record<string, unknown>[] }>('shop_banners', { [BANNER_ID]: String(id) }, { signal });
      return bannerRecord(body.shop_banners[0]);
    },
    save: saveBanner,
    remove: (id) => call('shop_banners', { del: 1, [BANNER_ID]: String(id) }),
  };
}
