import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import CategoryPage from '../../features/catalogue/components/CategoryPage';
import { ROOT_PATH } from '../../lib/categories';
import { isWideNow } from '../../lib/layout';
import { platform as currentPlatform, type Platform } from '../../lib/platform';
import { readString, writeJson, writeString } from '../../lib/storage';
import { isTestHost } from '../layout/SideMenu';

/**
 * `back` may only name a page of this site or an http(s) address (it is where logout and the
 * redirect-back go); anything else (javascript:, data:, protocol-relative '//host') is dropped.
 */
export function safeBack(value: string | null): string | null {
  if (!value) return null;
  const v = value.trim();
  if (/^\/(?![/\\])/.test(v)) return v;
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

export interface HomeContext {
  platform: Platform;
  host: string;
  /** A session is stored (the seed's "test token"; our sign-in gives a real one). */
  signedIn: boolean;
  wide: boolean;
}

/**
 * Where / goes: in the shop's app (an Android or iOS web view) on a test host without a session, to the
 * sign-in page; otherwise to the first category, the catalogue root (its product list on wide windows).
 */
export function homeTarget(ctx: HomeContext): string {
  if (ctx.platform !== 'browser' && isTestHost(ctx.host) && !ctx.signedIn) return '/login';
  return ctx.wide ? `/category/${ROOT_PATH}/1` : `/category/${ROOT_PATH}`;
}

/**
 * On / (`active`): remembers a `back` query parameter and the campaign parameters (utm_* and others) for the
 * order, then redirects.
 */
function useHomeRedirect(active: boolean) {
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const q = new URLSearchParams(search);
    if (q.has('back')) writeString('back', safeBack(q.get('back')));
    const urlData: Record<string, string> = {};
    for (const [k, v] of q) if (k !== 'back') urlData[k] = v;
    if (Object.keys(urlData).length) writeJson('urlData', urlData);
    const to = homeTarget({
      platform: currentPlatform,
      host: location.hostname,
      signedIn: !!(readString('user_id') && readString('token_seq') && readString('token')),
      wide: isWideNow(),
    });
    navigate(to, { replace: true });
  }, [active, search, navigate]);
}

/**
 * The element of both / (`home`) and /category/{path}. Until / redirects it shows the first category (what a
 * phone lands on, and what the server renders for /). One component type at the route's place for both: the
 * redirect to /category/0 keeps the page React has just hydrated, where a different type drew the whole page
 * anew in the home page's longest task (issue 13, Total Blocking Time).
 */
export default function CategoryRoute({ home = false }: { home?: boolean }) {
  useHomeRedirect(home);
  return <CategoryPage home={home} />;
}
