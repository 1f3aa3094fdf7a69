import { HttpError, type GetListParams, type GetListResult, type RaRecord } from 'ra-core';
import type { Params } from '../apiClient';
import type { Adapter, AdapterContext } from './adapter';
import { CUSTOM_PARAM_FIRST, CUSTOM_PARAM_LAST, IMAGE_SLOT_FIRST, MAX_OFFER_IMAGES, offerFieldsFor, offerSchema } from '../../schemas/offer';
import { isBlank } from '../../schemas/field';
import { asBool, encodeParams, f, fieldParams, OFFER, OFFER_CATEGORY, OFFER_ID, paramField, paramKey, pKey, same, sortOf, type OfferImage, type PickedFile } from '../apiFields';

/** Products per server page of api=offers. */
export const OFFERS_PAGE = 20;
/** At most this many server pages are read for one react-admin page (big perPage values). */
const MAX_SERVER_PAGES = 25;

/** api=offers: the owner's product list (pages of 20 read as react-admin asks), the editor's item, saves with pictures and params. */
export function offersAdapter({ call, src }: AdapterContext): Adapter {
  const offerRecord = (o: Record<string, unknown>) => {
    const rec: Record<string, unknown> = { ...o };
    for (const field of offerSchema.fields) if (field.type === 'bool' && field.name in o) rec[field.name] = o[field.name] === null ? null : asBool(o[field.name]);
    rec.thumbSrc = src(o.thumb) ?? src(o.picture);
    rec.pictureSrc = src(o.picture);
    if (Array.isArray(o.images)) {
      rec.images = (o.images as (string | { id: string; img: string; thumb: string })[]).map((i) =>
        typeof i === 'string' ? { id: i, img: i, thumb: i, src: src(i), thumbSrc: src(i) } : { ...i, src: src(i.img), thumbSrc: src(i.thumb ?? i.img) },
      );
    }
    if (Array.isArray(o.params)) {
      const values: Record<string, unknown> = {};
      for (const p of o.params as { baseId: number | string; kind: string; value: string }[]) {
        const k = paramField(p.baseId);
        if (p.kind === 'select') values[k] = [...((values[k] as string[]) ?? []), ...String(p.value).split('_').filter(Boolean)];
        else if (p.kind === 'bool') values[k] = asBool(p.value);
        else values[k] = p.value;
      }
      rec.paramValues = values;
    }
    return rec as RaRecord;
  };

  async function offersList(params: GetListParams): Promise<GetListResult> {
    const { page = 1, perPage = OFFERS_PAGE } = params.pagination ?? {};
    const filter = (params.filter ?? {}) as Record<string, unknown>;
    // The owner's list shows products hidden from the shop too (the server honours it for the owner only).
    const query: Params = { hidden: 1 };
    const word = typeof filter.q === 'string' ? filter.q.trim() : '';
    const sort = sortOf(params.sort);
    if (word) {
      query.value = word;
      if (sort !== 'default') query.sortId = sort;
    } else if (sort !== 'default') query.sort = JSON.stringify(sort);
    if (filter.categoryId !== undefined && filter.categoryId !== '' && filter.categoryId !== null && String(filter.categoryId) !== '0') query[OFFER_CATEGORY] = String(filter.categoryId);
    for (const [k, v] of Object.entries((filter.params as Record<string, unknown>) ?? {})) {
      if (!isBlank(v)) query[`filter[${k.replace(/^p/, '')}]`] = Array.isArray(v) ? v.join('_') : String(v);
    }
    const start = (page - 1) * perPage;
    const firstPage = Math.floor(start / OFFERS_PAGE) + 1;
    const skip = start - (firstPage - 1) * OFFERS_PAGE;
    const rows: Record<string, unknown>[] = [];
    let serverPage = firstPage;
    let more = true;
    // One row past the page tells whether a next page exists (the api has no count).
    while (rows.length < skip + perPage + 1) {
      if (serverPage - firstPage >= MAX_SERVER_PAGES) break;
      const body = await call<{ offers: Record<string, unknown>[] }>('offers', { ...query, offset: serverPage }, { signal: params.signal });
      if (!Array.isArray(body.offers)) throw new HttpError('offers is not array!', 500, body);
      rows.push(...body.offers);
      serverPage++;
      if (body.offers.length < OFFERS_PAGE) {
        more = false;
        break;
      }
    }
    const data = rows.slice(skip, skip + perPage).map(offerRecord);
    const hasNextPage = rows.length > skip + perPage || (more && rows.length >= skip + perPage && serverPage - firstPage >= MAX_SERVER_PAGES);
    // On the last page the count is known: react-admin then shows "41-57 of 57" and page numbers.
    return { data, pageInfo: { hasNextPage, hasPreviousPage: page > 1 }, ...(hasNextPage ? {} : { total: start + data.length }) };
  }

  async function getOffer(id: unknown, signal?: AbortSignal) {
    // edit=1: the product's own `available` flag (not 0 because its stock ran out), for the editor to keep.
    const body = await call<{ offers: Record<string, unknown>[] }>('offers', { [OFFER_ID]: String(id), edit: '1' }, { signal });
    if (!body.offers?.[0]) throw new HttpError('errors.not_found', 404, body);
    return offerRecord(body.offers[0]);
  }

  /** Writes an offer: removed pictures are deleted first, new ones fill the free slots after the kept ones. */
  async function saveOffer(data: Record<string, unknown>, previous?: Record<string, unknown>) {
    const type = String(data.type ?? previous?.type ?? 'common');
    const fields = offerFieldsFor(type);
    const params: Params = fieldParams(fields, data, previous && previous.type === type ? previous : undefined);
    params[pKey(f(OFFER, 'type'))] = type;
    if (previous) {
      params[OFFER_ID] = String(previous.id);
      params.update = 1;
    } else params.set = 1;

    const values = (data.paramValues ?? {}) as Record<string, unknown>;
    const oldValues = (previous?.paramValues ?? {}) as Record<string, unknown>;
    if (!previous || !same(encodeParams(values), encodeParams(oldValues))) {
      // The server replaces all custom params when any is sent, so all of them go together.
      for (const [k, v] of Object.entries(values)) {
        const baseId = Number(k.replace(/^p/, ''));
        if (!(baseId >= CUSTOM_PARAM_FIRST && baseId <= CUSTOM_PARAM_LAST)) continue;
        params[paramKey(baseId)] = encodeParams({ v }).v ?? '';
      }
    }

    const images = (Array.isArray(data.images) ? data.images : []) as (Partial<OfferImage> & PickedFile)[];
    const kept = images.filter((i) => !i.rawFile && i.id);
    const added = images.filter((i) => i.rawFile);
    if (previous && Array.isArray(previous.images)) {
      const keptIds = new Set(kept.map((i) => String(i.id)));
      for (const old of previous.images as OfferImage[]) {
        if (!keptIds.has(String(old.id))) await call('offers', { del: 1, [OFFER_ID]: String(previous.id), img_id: String(old.id) });
      }
    }
    added.slice(0, Math.max(0, MAX_OFFER_IMAGES - kept.length)).forEach((file, i) => {
      params[`p[${IMAGE_SLOT_FIRST + kept.length + i}_img]`] = file.rawFile!;
    });
    const body = await call<{ offers: Record<string, unknown>[] }>('offers', params);
    return offerRecord(body.offers[0]);
  }

  return {
    list: offersList,
    one: getOffer,
    save: saveOffer,
    remove: (id) => call('offers', { del: 1, [OFFER_ID]: String(id) }),
    async many(ids, signal) {
      if (!ids.length) return [];
      const body = await call<{ offers: Record<string, unknown>[] }>('offers', { ids: ids.map(String).join(',') }, { signal });
      return body.offers.map(offerRecord);
    },
  };
}
