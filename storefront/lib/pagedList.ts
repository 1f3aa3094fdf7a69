import { call, delay, getContext, put } from 'redux-saga/effects';
import { ApiError, NetworkError, type ApiClient, type Params } from '../../dataProvider/apiClient';
import { networkFailed, networkRestored } from './events';

/**
 * The paged lists of the shop (category lists, search results): the state every list has, how a page
 * lands in it, and the saga step that fetches a page with the seed's retry rules.
 * Pages are numbered from 1; page 1 replaces the list, later pages append; an empty page is the end
 * (an empty first page: the 'empty_list' state). A network failure is retried every 5 s up to 5 times
 * and then gives the no-connection panel; a 5xx answer gives the server-error panel.
 */
export type Status = 'idle' | 'loading' | 'failed';
export type ListError = 'no_connection' | 'server_error' | 'error';

export interface PagedList<T> {
  /** What the list is of (category, sort and filters; or the search word). */
  key: string;
  items: T[];
  /** The last page loaded (0 before the first). */
  offset: number;
  end: boolean;
  empty: boolean;
  status: Status;
  error: ListError | null;
  /** The items are the locally cached first page, shown because the network failed (no paging on). */
  cached?: boolean;
}

export const newList = <T>(key: string): PagedList<T> => ({ key, items: [], offset: 0, end: false, empty: false, status: 'idle', error: null });

/**
 * Puts a loaded page into a list (mutating; for Immer reducers). `first` is the page the list starts at (a
 * category list opened at /category/x/N starts at page N): that page replaces the list, later ones append.
 */
export function applyPage<T extends { id: string }>(list: PagedList<T>, offset: number, items: T[], first = 1): void {
  list.status = 'idle';
  list.error = null;
  if (offset <= first) {
    list.cached = false;
    list.items = items;
    list.offset = Math.max(1, first);
    list.empty = items.length === 0;
    list.end = items.length === 0;
    return;
  }
  if (items.length === 0) {
    list.end = true;
    return;
  }
  const seen = new Set(list.items.map((i) => i.id));
  list.items.push(...items.filter((i) => !seen.has(i.id)));
  list.offset = offset;
}

/** Retry rules (seconds in the seed: lists retry after 5 s, up to 5 times). */
export interface RetryTiming {
  retries: number;
  delayMs: number;
}
export const LIST_RETRY: RetryTiming = { retries: 5, delayMs: 5000 };

/** Whether the last call of any list went unanswered (so the next answer clears the 'Оффлайн' banner). */
let networkWasDown = false;

/**
 * Keyset paging (api=offers, docs/API.md): a page's `next` is kept per list (its params but the page) and
 * sent as `after` with the request of the page right after it, so pages neither repeat nor skip products
 * when the catalogue changes between them, and a deep page costs the server what the first does. The
 * page number still goes along (the list's state counts pages). A refused cursor (400 on `after`) is
 * dropped and the page asked for by its number alone.
 */
const cursors = new Map<string, { page: number; next: string }>();
/** Lists whose cursor is kept (the oldest is forgotten first). */
const MAX_CURSORS = 50;

function cursorKey(api: string, params: Params): string | null {
  if (api !== 'offers' || params.offset === undefined || params.offset === null) return null;
  const rest = Object.entries(params).filter(([k]) => k !== 'offset' && k !== 'after');
  rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(rest);
}

function keepCursor(key: string, page: number, next: unknown) {
  cursors.delete(key);
  if (typeof next !== 'string' || !next) return;
  cursors.set(key, { page, next });
  if (cursors.size > MAX_CURSORS) cursors.delete(cursors.keys().next().value!);
}

/** Forgets every kept cursor (tests). */
export const forgetCursors = () => cursors.clear();

/** One api call; a network failure is retried (raising networkFailed), the next answer raises networkRestored. */
export function* callWithRetry<T>(api: string, params: Params, timing: RetryTiming = LIST_RETRY): Generator<unknown, T, any> {
  const client: ApiClient = yield getContext('api');
  const key = cursorKey(api, params);
  const page = Number(params.offset);
  const kept = key !== null ? cursors.get(key) : undefined;
  let sent: Params = kept && kept.page + 1 === page && params.after === undefined ? { ...params, after: kept.next } : params;
  for (let attempt = 0; ; attempt++) {
    try {
      const res: T = yield call([client, client.call], api, sent);
      if (networkWasDown) {
        networkWasDown = false;
        yield put(networkRestored());
      }
      if (key !== null) keepCursor(key, page, (res as { next?: unknown } | null)?.next);
      return res;
    } catch (e) {
      if (e instanceof ApiError) {
        // The server answered: the network is there.
        if (networkWasDown) {
          networkWasDown = false;
          yield put(networkRestored());
        }
        if (sent !== params && e.status === 400 && e.fields.includes('after')) {
          // A cursor the server no longer takes: this page by its number.
          if (key !== null) cursors.delete(key);
          sent = params;
          attempt--;
          continue;
        }
        throw e;
      }
      if (!(e instanceof NetworkError)) throw e;
      networkWasDown = true;
      yield put(networkFailed());
      if (attempt >= timing.retries) throw e;
      yield delay(timing.delayMs);
    }
  }
}

/** Which panel a failure shows. */
export function listErrorOf(e: unknown): ListError {
  if (e instanceof NetworkError) return 'no_connection';
  if (e instanceof ApiError && e.status >= 500) return 'server_error';
  if (e instanceof ApiError) return 'error';
  return 'server_error';
}

/** The offers array of an api=offers answer ('offers is not array!' otherwise). */
export function offersOf<T>(res: { offers?: unknown }): T[] {
  if (!Array.isArray(res?.offers)) throw new ApiError(500, 'server_error', 'offers is not array!');
  return res.offers as T[];
}

/** Reads the retry timing from the saga context (tests may shorten it), else the seed's. */
export function* listTiming(): Generator<unknown, RetryTiming, any> {
  const t: RetryTiming | undefined = yield getContext('listRetry');
  return t ?? LIST_RETRY;
}
