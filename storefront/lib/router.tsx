/**
 * The storefront's router: the part of React Router 7's declarative API the storefront uses, with the same
 * meaning, on wouter (about 2 KB: react-router's one build costs the first screen about 13 KB however little of
 * it is imported). Every page imports its router pieces from here.
 *
 * From wouter: the router context (`Router`, fed by this module's location and patterns), `Switch`, `Route` and
 * `useParams` (matching the chosen route and giving its params to the page). Written here, small, because wouter's own pieces mean something else:
 * - the location and history (BrowserRouter): React Router's entries in history.state, `{ usr, key, idx }`, so
 *   `location.key` names an entry (scroll memory, lib/navigation's item entries), `idx` counts the in-app
 *   entries behind (lib/navigation hasInAppHistory) and `usr` is `location.state`; the address as the browser
 *   gives it (wouter decodes it); a navigation's new location rendered in a transition (startTransition), so a
 *   server-rendered page's parts not hydrated yet are hydrated before they change, never drawn anew;
 * - Link and NavLink: the page's own onClick first, then a plain left click without modifier keys and without
 *   another target navigates in the app (replacing the entry when the link is the current address); NavLink's
 *   active rule (the address is the link's or below it) with `aria-current` and the `active` class;
 * - Routes: the most specific matching route (lib/routePaths), at one place in the tree whatever the route, so a
 *   page component shared by two routes stays mounted; params decoded as React Router decodes them;
 * - Navigate (in an effect), useNavigate (numbers go through the history), useSearchParams, useMatch, matchPath.
 */
import { Children, Fragment, createContext, isValidElement, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { Route as WouterRoute, Router as WouterRouter, Switch, useParams as useWouterParams, type Parser } from 'wouter';
import { compilePattern, createPath, decodePath, matchPath, parsePath, resolveTo, routeScore, type PathMatch } from './routePaths';

export { matchPath, type PathMatch };

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation that made this entry carried (`state`), or null. */
  state: unknown;
  /** The entry's own key; 'default' for an entry the app did not make (the page it was opened on). */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
}

interface Navigator {
  push(to: string, state: unknown): void;
  replace(to: string, state: unknown): void;
  go(delta: number): void;
}

/** An entry as React Router writes it into history.state (e2e/fixtures openInApp writes the same). */
interface HistoryEntry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const RouterContext = createContext<{ location: Location; navigator: Navigator; static: boolean } | null>(null);

function useRouterContext() {
  const ctx = useContext(RouterContext);
  if (!ctx) throw new Error('the storefront router is missing: render inside BrowserRouter or StaticRouter');
  return ctx;
}

// wouter's view of the address (its Router's location and search hooks) and its patterns: React Router's
// (lib/routePaths), their params decoded as React Router decodes them.
const useWouterLocation = (): [string, (to: string, options?: NavigateOptions) => void] => {
  const { location, navigator } = useRouterContext();
  return [location.pathname, (to, options) => navigator[options?.replace ? 'replace' : 'push'](createPath(resolveTo(to, location.pathname)), options?.state ?? null)];
};
const useWouterSearch = () => useRouterContext().location.search;
const parser: Parser = (route) => {
  const { matcher, params } = compilePattern(route);
  const exec = (path: string) => {
    const m = matcher.exec(path);
    return m && [m[0], ...params.map((p, i) => (p.optional && !m[i + 1] ? undefined : (m[i + 1] || '').replace(/%2F/g, '/')))];
  };
  return { pattern: { exec } as unknown as RegExp, keys: params.map((p) => p.name) };
};

function Provide({ location, navigator, isStatic, children }: { location: Location; navigator: Navigator; isStatic: boolean; children: ReactNode }) {
  const value = useMemo(() => ({ location, navigator, static: isStatic }), [location, navigator, isStatic]);
  return (
    <RouterContext.Provider value={value}>
      <WouterRouter hook={useWouterLocation} searchHook={useWouterSearch} parser={parser}>
        {children}
      </WouterRouter>
    </RouterContext.Provider>
  );
}

const entryOf = (): HistoryEntry | null => history.state as HistoryEntry | null;

function browserLocation(): Location {
  const entry = entryOf();
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: entry?.usr || null, key: entry?.key || 'default' };
}

const createKey = () => Math.random().toString(36).substring(2, 10);

/** The app in the browser: the address and the history entries (React Router's form, see above). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState(() => {
    // The page the app starts on is entry 0 of the in-app history.
    if (entryOf()?.idx == null) history.replaceState({ ...entryOf(), idx: 0 }, '');
    return browserLocation();
  });
  const navigator = useMemo<Navigator>(() => {
    const update = () => startTransition(() => setCurrent(browserLocation()));
    const write = (replace: boolean, to: string, state: unknown) => {
      const idx = Number(entryOf()?.idx ?? 0) + (replace ? 0 : 1);
      const entry: HistoryEntry = { usr: state ?? null, key: createKey(), idx };
      if (replace) history.replaceState(entry, '', to);
      else
        try {
          history.pushState(entry, '', to);
        } catch (e) {
          // Too many entries (Safari's limit): the browser's own navigation instead.
          if (e instanceof DOMException && e.name === 'DataCloneError') throw e;
          window.location.assign(to);
        }
      update();
    };
    return { push: (to, state) => write(false, to, state), replace: (to, state) => write(true, to, state), go: (delta) => history.go(delta) };
  }, []);
  useLayoutEffect(() => {
    const onPop = () => startTransition(() => setCurrent(browserLocation()));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  return (
    <Provide location={current} navigator={navigator} isStatic={false}>
      {children}
    </Provide>
  );
}

const serverOnly = (): never => {
  throw new Error('no navigation while rendering on the server');
};
const staticNavigator: Navigator = { push: serverOnly, replace: serverOnly, go: serverOnly };

/** The app on the server (entry-server.tsx), at one address; navigating there is an error. */
export function StaticRouter({ location: address, children }: { location: string; children: ReactNode }) {
  const location = useMemo<Location>(() => {
    const p = parsePath(address);
    return { pathname: p.pathname || '/', search: p.search || '', hash: p.hash || '', state: null, key: 'default' };
  }, [address]);
  return (
    <Provide location={location} navigator={staticNavigator} isStatic>
      {children}
    </Provide>
  );
}

export const useLocation = (): Location => useRouterContext().location;

/** The current route's named params, decoded (wouter's also carry them by position). */
export function useParams(): Readonly<Record<string, string | undefined>> {
  const all = useWouterParams() as Record<string, string | undefined>;
  return useMemo(() => Object.fromEntries(Object.entries(all).filter(([k]) => !/^\d+$/.test(k))), [all]);
}

export function useMatch(pattern: string): PathMatch | null {
  const { pathname } = useLocation();
  return useMemo(() => matchPath(pattern, decodePath(pathname)), [pattern, pathname]);
}

/** navigate(to, { replace, state }) or navigate(-1): only after the component has mounted (as React Router). */
export function useNavigate(): NavigateFunction {
  const { location, navigator } = useRouterContext();
  const mounted = useRef(false);
  useLayoutEffect(() => {
    mounted.current = true;
  });
  const pathname = location.pathname;
  return useCallback(
    (to: string | number, options: NavigateOptions = {}) => {
      if (!mounted.current) return;
      if (typeof to === 'number') return navigator.go(to);
      navigator[options.replace ? 'replace' : 'push'](createPath(resolveTo(to, pathname)), options.state ?? null);
    },
    [navigator, pathname],
  ) as NavigateFunction;
}

export function useSearchParams(): [URLSearchParams, (next: string | URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((next: string | URLSearchParams | Record<string, string>, options?: NavigateOptions) => navigate('?' + new URLSearchParams(next).toString(), options), [navigate]);
  return [params, set];
}

/** Goes to `to` once rendered (after the commit, as React Router's). */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const target = createPath(resolveTo(to, pathname));
  useEffect(() => navigate(target, { replace, state }), [navigate, target, replace, state]);
  return null;
}

type AnchorProps = Omit<ComponentPropsWithRef<'a'>, 'href'>;
export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  state?: unknown;
}

const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** An `<a href>` that navigates in the app on a plain left click (see the module's comment). */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const { location } = useRouterContext();
  const navigate = useNavigate();
  if (EXTERNAL.test(to)) return <a {...rest} href={to} onClick={onClick} ref={ref} target={target} />;
  const href = createPath(resolveTo(to, location.pathname));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? createPath(location) === href, state });
  };
  return <a {...rest} href={href} onClick={handleClick} ref={ref} target={target} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  className?: string | ((state: { isActive: boolean }) => string | undefined);
  children?: ReactNode | ((state: { isActive: boolean }) => ReactNode);
  /** Active only at the link's own address, not below it. */
  end?: boolean;
  caseSensitive?: boolean;
}

/** A Link that knows it is active: the address is its target or below it (`end`: only its target), case aside. */
export function NavLink({ 'aria-current': ariaCurrent = 'page', caseSensitive = false, className = '', end = false, to, children, ...rest }: NavLinkProps) {
  const { location } = useRouterContext();
  // The target as an address (percent-encoded), compared with the address as the browser gives it.
  let target = new URL(resolveTo(to, location.pathname).pathname, 'http://localhost').pathname;
  let here = location.pathname;
  if (!caseSensitive) {
    target = target.toLowerCase();
    here = here.toLowerCase();
  }
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === '/');
  const state = { isActive };
  return (
    <Link {...rest} aria-current={isActive ? ariaCurrent : undefined} className={typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ')} to={to}>
      {typeof children === 'function' ? children(state) : children}
    </Link>
  );
}

interface RouteProps {
  path: string;
  element: ReactNode;
}

/** A route of `Routes`: the page `element` at addresses matching `path` (lib/routePaths). */
export function Route(_: RouteProps): ReactNode {
  return null;
}

function routesOf(children: ReactNode, out: RouteProps[] = []): RouteProps[] {
  Children.forEach(children, (child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return;
    if (child.type === Fragment) routesOf(child.props.children, out);
    else if (child.type === Route) out.push(child.props as unknown as RouteProps);
    else throw new Error('Routes takes Route elements only');
  });
  return out;
}

/**
 * The page of the most specific route matching the address (the first of equals). wouter's Switch matches it
 * against the decoded address (React Router's decodePath: wouter's own decoding differs) and its Route gives
 * the params to useParams, at the same place in the tree whichever route matched: a component two routes
 * share (the search page with and without its page number) stays mounted across them.
 */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const routes = useMemo(
    () =>
      routesOf(children)
        .map((r, i) => ({ ...r, i, score: routeScore(r.path) }))
        .sort((a, b) => b.score - a.score || a.i - b.i),
    [children],
  );
  const address = decodePath(pathname);
  const hit = routes.find((r) => matchPath(r.path, address));
  return hit ? (
    <Switch location={address}>
      <WouterRoute path={hit.path}>{hit.element}</WouterRoute>
    </Switch>
  ) : null;
}
