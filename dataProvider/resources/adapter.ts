import type { GetListParams, GetListResult, RaRecord } from 'ra-core';
import type { CallOptions, Params } from '../apiClient';

/** What a resource's adapter gets from the provider: the api call (token errors as 401s) and image URLs. */
export interface AdapterContext {
  call<T>(name: string, params: Params, options?: CallOptions): Promise<T>;
  /** The URL of an image path (URL_IMAGES), or null. */
  src(path: unknown): string | null;
}

/** What the provider does for one api= resource; a resource without `remove` cannot be deleted. */
export interface Adapter {
  list(params: GetListParams): Promise<GetListResult>;
  one(id: unknown, signal?: AbortSignal): Promise<RaRecord>;
  save(data: Record<string, unknown>, previous?: Record<string, unknown>, meta?: { page?: string }): Promise<RaRecord>;
  remove?(id: unknown, previousData?: RaRecord): Promise<unknown>;
  /** Several records in one call (otherwise picked from the whole list). */
  many?(ids: unknown[], signal?: AbortSignal): Promise<RaRecord[]>;
}
