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
