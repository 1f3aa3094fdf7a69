/**
 * Navigation for sagas: the router's navigate function, registered by the app shell
 * (app/NavigationBridge), so a saga can go to a route (search) without importing the router.
 */
export interface NavigateOptions {
  replace?: boolean;
}
type NavigateFn = (to: string, opts?: NavigateOptions) => void;

let navigateFn: NavigateFn | null = null;
let currentPath = typeof location === 'undefined' ? '/' : location.pathname;

export const registerNavigate = (fn: NavigateFn | null) => {
  navigateFn = fn;
};
export const setCurrentPath = (p: string) => {
  currentPath = p;
};
export const getCurrentPath = () => currentPath;

export function navigateTo(to: string, opts?: NavigateOptions): void {
  if (navigateFn) navigateFn(to, opts);
  else if (typeof history !== 'undefined') history[opts?.replace ? 'replaceState' : 'pushState'](null, '', to);
}

/*
 * Back without leaving the shop. The first page of a visit may be a deep link (a shared product, a push):
 * the entries behind it are another site's, so back must not call the browser's history there.
 * `noteEntry` remembers the first page of the tab's visit and its referrer (sessionStorage 'entry',
 * kept over reloads); the router's own index (history.state.idx, 0 for the page the app was opened on)
 * tells whether an in-app entry is behind the current one. An item page entered from the list of its
 * own path records that list (sessionStorage 'itemFrom:<history key>') so back returns to exactly it
 * (its page, sort and scroll), even where the in-app history is gone (a web view restored by the app).
 */
const ss = (): Storage | null => {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
};
const ssGet = (k: string) => {
  try {
    return ss()?.getItem(k) ?? null;
  } catch {
    return null;
  }
};
const ssSet = (k: string, v: string) => {
  try {
    ss()?.setItem(k, v);
  } catch {
    /* storage full or disabled */
  }
};

export interface Entry {
  path: string;
  referrer: string;
  /** The first page was not / (the shop's own start): a deep link. */
  deep: boolean;
}

/** Remembers the first page of this tab's visit (once; a reload keeps the first). */
export function noteEntry(path: string, referrer: string = typeof document === 'undefined' ? '' : document.referrer): void {
  if (!ssGet('entry')) ssSet('entry', JSON.stringify({ path, referrer, deep: path !== '/' }));
}

export function entry(): Entry | null {
  try {
    return JSON.parse(ssGet('entry') ?? 'null') as Entry | null;
  } catch {
    return null;
  }
}

/** The visit began with a deep link or came from another page: the history before it is not ours. */
export const hasReferrer = () => !!(entry()?.deep || entry()?.referrer);

/** An in-app page is behind the current one (the router numbers its entries from 0 at the first page). */
export const hasInAppHistory = (state: unknown = typeof history === 'undefined' ? null : history.state) =>
  Number((state as { idx?: number } | null)?.idx ?? 0) > 0;

const ITEM = /^\/category\/([^/]+)\/item\/[^/]+$/;
const LIST = /^\/category\/([^/]+)(\/\d+)?$/;

/** Records an item page entered from the list of its own path (`from` and `to` are path + search). */
export function noteNavigation(from: string, to: string, key: string): void {
  const item = ITEM.exec(to.split('?')[0]);
  const list = LIST.exec(from.split('?')[0]);
  if (item && list && item[1] === list[1]) ssSet(`itemFrom:${key}`, from);
}

/** The list this item entry came from, if it did. */
export const itemEntryList = (key: string): string | null => ssGet(`itemFrom:${key}`);

/**
 * Where back goes from the current entry: -1 (the history) when an in-app page is behind it; else the list
 * the item was entered from; else `parent` (one level up: app/layout/backTarget parentOf), never out of the shop.
 */
export function backStep(key: string, parent: string, state?: unknown): -1 | string {
  if (hasInAppHistory(state)) return -1;
  return itemEntryList(key) ?? parent;
}
