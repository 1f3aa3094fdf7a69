import { useParams } from '../../lib/router';
import { useT } from '../../lib/i18n';

/**
 * Each device page (its route's pattern): its heading's text key (an order's number comes from the address),
 * its page classes (app/base.css holds their frames), and whether the page is one narrow card (sign-in).
 */
const SHELLS: { path: string; title: string; page: string; card?: true }[] = [
  { path: '/cart', title: 'cart.title', page: 'page--cart' },
  { path: '/order', title: 'checkout.title', page: 'page--order' },
  { path: '/order/:orderId', title: 'account.order_title', page: 'page--account page--order' },
  { path: '/order/:orderId/review', title: 'account.review.title', page: 'page--account page--review' },
  { path: '/favourites', title: 'favourites.title', page: 'page--favourites' },
  { path: '/login', title: 'account.sign_in_title', page: 'page--account', card: true },
  { path: '/my_orders', title: 'account.my_orders', page: 'page--account' },
  { path: '/map', title: 'map.title', page: 'page--map' },
  { path: '/filters/:path', title: 'filters.title', page: 'page--filters' },
];

/**
 * What the server paints of a device page (lib/clientOnly) while the app is on its way: the page's own heading
 * and grey bars where its content will be, so a direct open of /cart shows "Корзина" at the first paint, not
 * an empty space between the header and the footer. Only the server renders it (app/routes.tsx leaves it out
 * of the browser's bundle); the browser draws the page in its place.
 */
export default function DeviceShell({ path }: { path: string }) {
  const t = useT();
  const { orderId } = useParams();
  const shell = SHELLS.find((s) => s.path === path);
  const body = (
    <>
      {shell && <h1 className="page__title">{t(shell.title, { number: orderId ?? '' })}</h1>}
      <div className="page-shell__bars" aria-hidden="true">
        <span />
        <span />
        {!shell?.card && <span />}
      </div>
    </>
  );
  return (
    <div className={`page ${shell?.page ?? ''}`} aria-busy="true">
      {shell?.card ? <section className="page-shell__card">{body}</section> : body}
    </div>
  );
}
