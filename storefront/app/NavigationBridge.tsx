import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { registerNavigate, setCurrentPath } from '../lib/navigation';

/** Lets sagas navigate (lib/navigation) and know the current path. */
export default function NavigationBridge() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    registerNavigate((to, opts) => navigate(to, opts));
    return () => registerNavigate(null);
  }, [navigate]);
  useEffect(() => setCurrentPath(pathname), [pathname]);
  return null;
}
