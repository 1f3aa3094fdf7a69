import { bannerSchema, validateFields } from '../../../schemas';
import { now } from '../../db/database';
import { badRequest, notFound } from '../../errors';
import { bannerToApi, listBanners, type BannerData } from './banners';
import type { Handler } from '../../api/context';
import { fieldsFromInput, flag } from '../../api/input';

const P = { id: 593, img: 592, video: 666 };

const bannerId = (raw: string | undefined) => {
  if (!raw || !/^\d{1,10}$/.test(raw.trim())) throw badRequest('required_fields_error', undefined, ['id']);
  // No row has an id beyond a 32-bit integer column (PostgreSQL would refuse to even compare it: a 500).
  if (Number(raw) > 2_147_483_647) throw notFound();
  return Number(raw);
};

/** api=shop_banners: the list in sort order, one banner, owner create/update (image or video upload) and delete. */
export const shopBanners: Handler = async (ctx) => {
  const { input, store, db } = ctx;
  const rows = () => db.selectFrom('banners').select(['id', 'sort', 'data']).where('store_id', '=', store.id);
  if (flag(input, 'del')) {
    await ctx.requireOwner();
    const r = await db.deleteFrom('banners').where('store_id', '=', store.id).where('id', '=', bannerId(input.p.get(P.id))).executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw notFound();
    return { shop_banners: [] };
  }
  const creating = flag(input, 'set');
  if (creating || flag(input, 'update')) {
    await ctx.requireOwner();
    const id = creating ? null : bannerId(input.p.get(P.id));
    const old = id === null ? undefined : await rows().where('id', '=', id).executeTakeFirst();
    if (id !== null && !old) throw notFound();
    const fields = bannerSchema.fields.filter((f) => f.type !== 'image' && f.type !== 'video');
    const { values, errors } = validateFields(fields, fieldsFromInput(fields, input), { partial: true });
    if (errors.length) throw badRequest('invalid_input', undefined, errors);
    const data: BannerData = old ? JSON.parse(old.data) : { width: '100' };
    if (values.link !== undefined) data.link = values.link as string | null;
    if (values.width !== undefined) data.width = String(values.width ?? '100');
    // Files are checked by their bytes before anything is stored.
    const img = input.files.get(P.img);
    const video = input.files.get(P.video);
    // Both are checked before either is stored: a bad video leaves no picture file behind.
    const preparedImg = img ? await ctx.services.images.prepareImage(store.id, 'banners', img.data) : null;
    const preparedVideo = video ? ctx.services.images.prepareVideo(store.id, 'banners', video.data) : null;
    if (creating && !preparedImg && !preparedVideo && !data.img && !data.video) throw badRequest('required_fields_error', undefined, ['img']);
    if (preparedImg) Object.assign(data, await preparedImg.save());
    if (preparedVideo) data.video = await preparedVideo.save();
    else if (values.isDeleteVideo) data.video = null;
    let sort = values.sort as number | undefined;
    if (creating && (sort === undefined || sort === null)) {
      const count = await db.selectFrom('banners').select((eb) => eb.fn.countAll<number>().as('n')).where('store_id', '=', store.id).executeTakeFirstOrThrow();
      sort = Number(count.n) + 1;
    }
    let savedId = id;
    if (id === null) {
      const r = await db.insertInto('banners').values({ store_id: store.id, sort: sort ?? 1, data: JSON.stringify({ ...data, created_at: now() }) }).returning('id').executeTakeFirstOrThrow();
      savedId = r.id;
    } else {
      await db
        .updateTable('banners')
        .set({ data: JSON.stringify(data), ...(sort !== undefined && sort !== null ? { sort } : {}) })
        .where('store_id', '=', store.id)
        .where('id', '=', id)
        .execute();
    }
    return { shop_banners: [bannerToApi(await rows().where('id', '=', savedId!).executeTakeFirstOrThrow(), store)] };
  }
  const one = input.p.get(P.id);
  if (one) {
    const row = await rows().where('id', '=', bannerId(one)).executeTakeFirst();
    if (!row) throw notFound();
    return { shop_banners: [bannerToApi(row, store)] };
  }
  return { shop_banners: await listBanners(db, store) };
};
