import { useCallback, useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { useLocation, useNavigate } from '../lib/router';
import { isLeaf, lastId } from '../lib/categories';
import { backStep, noteEntry, noteNavigation, registerNavigate, setCurrentPath } from '../lib/navigation';
import { selectCategoryTree } from '../features/stores/shopSlice';
import { parentOf } from './layout/backTarget';

/**
 * Lets sagas navigate (lib/navigation) and know the current path; remembers the visit's first page (a deep
 * link: a referrer exists) and an item page's entry from the list of its path (lib/navigation).
 */
export default function NavigationBridge() {
  const navigate = useNavigate();
  const { pathname, search, key } = useLocation();
  const prev = useRef<string | null>(null);
  useEffect(() => {
    registerNavigate((to, opts) => navigate(to, opts));
    return () => registerNavigate(null);
  }, [navigate]);
  useEffect(() => {
    setCurrentPath(pathname);
    const here = pathname + search;
    if (prev.current === null) noteEntry(pathname);
    else noteNavigation(prev.current, here, key);
    prev.current = here;
  }, [pathname, search, key]);
  return null;
}

/** The header's back arrow and the apps' swipe: history back when an in-app page is behind, else up a level. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  // The tree as it is at the tap (read then: the header does not draw again when the category list becomes whole).
  const store = useStore<Parameters<typeof selectCategoryTree>[0]>();
  return useCallback(() => {
    const tree = selectCategoryTree(store.getState());
    const step = backStep(key, parentOf(pathname, (p) => isLeaf(tree, lastId(p))));
    if (step === -1) navigate(-1);
    else navigate(step, { replace: true });
  }, [navigate, pathname, key, store]);
}
