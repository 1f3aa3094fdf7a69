import { Navigate, useLocation } from 'react-router';
import { writeJson, writeString } from '../../lib/storage';
import { isWideNow } from '../../lib/layout';
import { ROOT_PATH } from '../../lib/categories';

/**
 * /: goes to the first category, the catalogue root (its product list on wide windows). Remembers a
 * `back` query parameter and the campaign parameters (utm_*) for the order.
 */
export default function HomeRedirect() {
  const { search } = useLocation();
  const q = new URLSearchParams(search);
  if (q.has('back')) writeString('back', q.get('back'));
  const urlData: Record<string, string> = {};
  for (const [k, v] of q) if (k !== 'back') urlData[k] = v;
  if (Object.keys(urlData).length) writeJson('urlData', urlData);
  return <Navigate to={isWideNow() ? `/category/${ROOT_PATH}/1` : `/category/${ROOT_PATH}`} replace />;
}
