import type { DataProvider, fetchUtils, RaRecord } from 'ra-core';
import { imageUrl } from './apiClient';

/**
 * The owner's product calls beside the seed's api=offers (server/features/catalogue/ownerOffers.rest.ts):
 * the product list comes from GET /rest/offers (a count, sorts, the visibility filter), and calls of
 * their own: bulk actions, the pictures' order, the parameters a category's products use and the fields
 * the owner changed by hand.
 */
export type BulkAction = 'show' | 'hide' | 'move' | 'price' | 'delete';
export interface BulkBody {
  action: BulkAction;
  ids: string[];
  categoryId?: string;
  percent?: number;
  oldprice?: boolean;
}

type HttpClient = (url: string, options?: fetchUtils.Options) => Promise<{ json: any }>;

/** A row of the owner's list as the panel shows it: booleans, and picture URLs. */
export function ownerOfferRecord(urlImages: string, o: Record<string, unknown>): RaRecord {
  return {
    ...o,
    id: String(o.id),
    active: o.active === '1' || o.active === true,
    ownerHidden: o.ownerHidden === '1' || o.ownerHidden === true,
    available: o.available === '1' || o.available === true,
    orderable: o.orderable === '1' || o.orderable === true,
    thumbSrc: imageUrl(urlImages, (o.thumb as string) ?? (o.picture as string)),
    pictureSrc: imageUrl(urlImages, o.picture as string),
  } as RaRecord;
}

/** `api` answers every offers call but the list, which `rest` (ra-data-simple-rest on /rest) answers. */
export function withOwnerOfferList(api: DataProvider, rest: DataProvider, urlImages: string): DataProvider {
  return {
    ...api,
    async getList(resource, params) {
      const res = await rest.getList(resource, params);
      return { ...res, data: res.data.map((r) => ownerOfferRecord(urlImages, r)) } as never;
    },
  };
}

export function ownerOfferMethods(restRoot: string, httpClient: HttpClient) {
  return {
    async offersBulk(body: BulkBody): Promise<{ changed: number }> {
      return (await httpClient(`${restRoot}/offers/bulk`, { method: 'POST', body: JSON.stringify(body) })).json;
    },
    async offerImagesOrder(id: string, order: string[]): Promise<{ id: string; images: { id: string }[] }> {
      return (await httpClient(`${restRoot}/offers/${encodeURIComponent(id)}/images`, { method: 'PUT', body: JSON.stringify({ order }) })).json;
    },
    /** The fields of the product the owner changed by hand, which imports keep. */
    async offerOwnerFields(id: string): Promise<string[]> {
      return (await httpClient(`${restRoot}/offers/${encodeURIComponent(id)}/owner_fields`)).json.fields;
    },
    async releaseOwnerFields(id: string): Promise<void> {
      await httpClient(`${restRoot}/offers/${encodeURIComponent(id)}/owner_fields`, { method: 'DELETE' });
    },
    async offerParamUsage(categoryId: string): Promise<number[]> {
      return (await httpClient(`${restRoot}/offers/param_usage?categoryId=${encodeURIComponent(categoryId)}`)).json.baseIds;
    },
  };
}
export type OwnerOfferMethods = ReturnType<typeof ownerOfferMethods>;
