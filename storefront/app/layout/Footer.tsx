import { lazy } from 'react';
import { Link } from 'react-router';
import Later from '../../components/Later';
import { useShopContext } from '../../components/ShopContext';
import { useT } from '../../lib/i18n';
import { INFO_LINKS } from './Header';
import './footer.css';

// The subscription form is below everything else: it loads after the first screen (not in the initial JS), and
// a server-rendered page is marked hydrated once the form is (components/Later).
const NewsForm = lazy(() => import('./NewsForm'));
const newsFormSpace = <div style={{ flexBasis: '100%', minHeight: 150 }} />;

/** The footer: the news subscription, the four info pages, the shop's phone and email. */
export default function Footer() {
  const t = useT();
  const { store } = useShopContext();
  return (
    <footer className="footer">
      <div className="footer__inner">
        <Later fallback={newsFormSpace}>
          <NewsForm />
        </Later>
        <nav aria-label={t('footer.info')}>
          <ul className="footer__links">
            {INFO_LINKS.map((k) => (
              <li key={k}>
                <Link to={`/${k}`}>{t(`menu.${k}`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer__contacts">
          {store?.phone && (
            <a href={`tel:${String(store.phone).replace(/[^\d+]/g, '')}`} dir="ltr">
              {String(store.phone)}
            </a>
          )}
          {store?.email && <a href={`mailto:${String(store.email)}`}>{String(store.email)}</a>}
        </div>
        <p className="footer__copy">{t('footer.rights', { year: new Date().getFullYear(), name: store?.name ?? '' })}</p>
      </div>
    </footer>
  );
}
