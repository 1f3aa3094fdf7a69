/**
 * The router's path rules (lib/router.tsx), pure: how a route pattern matches an address, how params are
 * decoded, how a link's target resolves, how routes rank. They are React Router 7's rules, which the storefront
 * was written against (its `compilePath`, `matchPath`, `decodePath`, `parsePath`, `createPath`, `resolvePath`,
 * `computeScore`), kept so every address keeps its page and params; routePaths.test.ts checks them against
 * react-router itself (which the admin still uses).
 */

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface PathMatch {
  params: Record<string, string | undefined>;
  /** The part of the address the pattern matched, and that part without a trailing slash or splat. */
  pathname: string;
  pathnameBase: string;
  pattern: { path: string; caseSensitive: boolean; end: boolean };
}

interface Compiled {
  matcher: RegExp;
  params: { name: string; optional: boolean }[];
}

const compiled = new Map<string, Compiled>();

/**
 * A pattern's regular expression: `:name` segments (`:name?` optional), static segments (`seg?` optional), a
 * trailing `*` (the rest, as the param '*'); case-insensitive; trailing slashes allowed.
 */
export function compilePattern(path: string, caseSensitive = false, end = true): Compiled {
  const cacheKey = `${caseSensitive ? 1 : 0}${end ? 1 : 0}${path}`;
  const hit = compiled.get(cacheKey);
  if (hit) return hit;
  const params: Compiled['params'] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)(\?)?/g, (m: string, name: string, optional: string | undefined, index: number, str: string) => {
        params.push({ name, optional: optional != null });
        if (!optional) return '/([^\\/]+)';
        const next = str.charAt(index + m.length);
        return next && next !== '/' ? '/([^\\/]*)' : '(?:/([^\\/]*))?';
      })
      .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2');
  if (path.endsWith('*')) {
    params.push({ name: '*', optional: false });
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) source += '\\/*$';
  else if (path !== '' && path !== '/') source += '(?:(?=\\/|$))';
  const out = { matcher: new RegExp(source, caseSensitive ? undefined : 'i'), params };
  compiled.set(cacheKey, out);
  return out;
}

const trimSlash = (p: string) => p.replace(/(.)\/+$/, '$1');

/** The match of `pattern` against `pathname` as given (useMatch and the routes decode the address first: decodePath). */
export function matchPath(pattern: string | { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string): PathMatch | null {
  const p = typeof pattern === 'string' ? { path: pattern, caseSensitive: false, end: true } : { caseSensitive: false, end: true, ...pattern };
  const { matcher, params: names } = compilePattern(p.path, p.caseSensitive, p.end);
  const m = pathname.match(matcher);
  if (!m) return null;
  const matched = m[0];
  let pathnameBase = trimSlash(matched);
  const params: PathMatch['params'] = {};
  names.forEach(({ name, optional }, i) => {
    const value = m[i + 1];
    if (name === '*') pathnameBase = trimSlash(matched.slice(0, matched.length - (value || '').length));
    params[name] = optional && !value ? undefined : (value || '').replace(/%2F/g, '/');
  });
  return { params, pathname: matched, pathnameBase, pattern: p };
}

/** The address's segments decoded, an encoded '/' kept as %2F (so it stays inside its segment); a malformed one as it is. */
export function decodePath(value: string): string {
  try {
    return value
      .split('/')
      .map((v) => decodeURIComponent(v).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return value;
  }
}

export function parsePath(path: string): Partial<Path> {
  const out: Partial<Path> = {};
  let rest = path;
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    out.hash = rest.slice(hash);
    rest = rest.slice(0, hash);
  }
  const search = rest.indexOf('?');
  if (search >= 0) {
    out.search = rest.slice(search);
    rest = rest.slice(0, search);
  }
  if (rest) out.pathname = rest;
  return out;
}

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  let out = pathname;
  if (search && search !== '?') out += search.charAt(0) === '?' ? search : '?' + search;
  if (hash && hash !== '#') out += hash.charAt(0) === '#' ? hash : '#' + hash;
  return out;
}

function resolvePathname(relative: string, from: string): string {
  const segments = from.replace(/\/+$/, '').split('/');
  for (const s of relative.split('/')) {
    if (s === '..') {
      if (segments.length > 1) segments.pop();
    } else if (s !== '.') segments.push(s);
  }
  return segments.length > 1 ? segments.join('/') : '/';
}

/**
 * Where a link or navigate(to) goes from `current` (the address's pathname): an absolute path with its '.'
 * and '..' resolved and double slashes merged, a relative one from the current page, '?x' or '#x' alone on it.
 */
export function resolveTo(to: string, current: string): Path {
  const parsed = parsePath(to);
  const empty = to === '' || parsed.pathname === '';
  const toPathname = empty ? '/' : parsed.pathname;
  let pathname: string;
  if (!toPathname) pathname = current;
  else {
    const clean = toPathname.replace(/[\\/]{2,}/g, '/');
    pathname = clean.startsWith('/') || clean.startsWith('\\') ? resolvePathname(clean.slice(1), '/') : resolvePathname(clean, current);
  }
  const search = !parsed.search || parsed.search === '?' ? '' : parsed.search.startsWith('?') ? parsed.search : '?' + parsed.search;
  const hash = !parsed.hash || parsed.hash === '#' ? '' : parsed.hash.startsWith('#') ? parsed.hash : '#' + parsed.hash;
  // An explicit trailing slash, or '.' on a page whose address ends with one, is kept.
  const trailing = (toPathname && toPathname !== '/' && toPathname.endsWith('/')) || ((empty || toPathname === '.') && current.endsWith('/'));
  if (!pathname.endsWith('/') && trailing) pathname += '/';
  return { pathname, search, hash };
}

/** How specific a route pattern is: among the routes that match, the highest wins, the first of equals. */
export function routeScore(path: string): number {
  const segments = ('/' + path).replace(/[\\/]{2,}/g, '/').split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0);
  for (const s of segments) if (s !== '*') score += /^:[\w-]+$/.test(s) ? 3 : s === '' ? 1 : 10;
  return score;
}
