/**
 * UI text catalogues shared by the storefront and the admin. Each language has three parts:
 * common/<lang>.ts (error codes and texts both apps show), storefront/<lang>.ts and admin/<lang>.ts.
 * Keys are nested objects; `t('errors.required_fields_error')` reads a dotted path.
 */
export const LANGUAGES = [
  { value: 'ru', title: 'Русский' },
  { value: 'en', title: 'English' },
  { value: 'zh', title: '中文' },
  { value: 'es', title: 'Español' },
  { value: 'fr', title: 'Français' },
  { value: 'ar', title: 'العربية' },
  { value: 'pt', title: 'Português' },
  { value: 'de', title: 'Deutsch' },
] as const;
export type Lang = (typeof LANGUAGES)[number]['value'];
export const DEFAULT_LANG: Lang = 'ru';
export const RTL_LANGS: readonly Lang[] = ['ar'];
export const isLang = (v: unknown): v is Lang => LANGUAGES.some((l) => l.value === v);

export interface Catalogue {
  [key: string]: string | Catalogue;
}

/** The same nested keys as a catalogue, strings at the leaves: another language's file `satisfies Shape<typeof ru>`. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Texts already looked up, per catalogue (a server-rendered page looks up thousands; catalogues never change). */
const looked = new WeakMap<Catalogue, Map<string, string | undefined>>();

/** Reads a dotted key; falls back to the key itself so a missing text is visible, never blank. */
export function lookup(catalogue: Catalogue, key: string): string | undefined {
  let known = looked.get(catalogue);
  if (!known) looked.set(catalogue, (known = new Map()));
  if (known.has(key)) return known.get(key);
  const text = lookupNow(catalogue, key);
  known.set(key, text);
  return text;
}

function lookupNow(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The shopper's own pages (noindex, their content the device's) by path, and the storefront text each is titled
 * by: `<name> — <shop>`, written by the server into the page (server/features/seo/seo.ts) and by the app
 * (storefront/features/seo/pageTitle.ts) alike. Texts of the first screen's catalogue, so the app has them at once.
 */
export const OWN_PAGE_TITLES = { cart: 'cart.title', favourites: 'favourites.title', my_orders: 'menu.my_orders', login: 'menu.sign_in' } as const;

/** `{name}` placeholders filled from vars. */
export const format = (text: string, vars?: Record<string, string | number>) =>
  vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;

/** Every dotted key of a catalogue (for completeness tests). */
export function keysOf(c: Catalogue, prefix = ''): string[] {
  return Object.entries(c).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}
