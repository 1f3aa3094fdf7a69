import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { NavLink } from 'react-router';
import Icon, { type IconName } from '../../components/Icon';
import { useShopContext } from '../../components/ShopContext';
import AccountIcon from '../../features/account/components/AccountIcon';
import { selectSession, signOutRequested } from '../../features/account/accountSlice';
import { useT } from '../../lib/i18n';
import LanguageSelect from './LanguageSelect';
import './sideMenu.css';

/** Test hosts (where the seed shows the customer's orders entry; we show it everywhere: real customers need it). */
export const isTestHost = (host: string = typeof location === 'undefined' ? '' : location.hostname) =>
  host === 'localhost' || host === '127.0.0.1' || host.startsWith('test') || host.endsWith('.local');

const ENTRIES: { key: string; to: string; icon: IconName; testOnly?: boolean }[] = [
  { key: 'about_company', to: '/about_company', icon: 'info' },
  { key: 'delivery', to: '/delivery', icon: 'truck' },
  { key: 'payment', to: '/payment', icon: 'card' },
  { key: 'contacts', to: '/contacts', icon: 'mail' },
  { key: 'favourites', to: '/favourites', icon: 'heart' },
  { key: 'my_orders', to: '/my_orders', icon: 'orders' },
];

/** The side menu: info pages, favourites, the customer's orders, sign-in/out, the language. Closes on Escape or outside. */
export default function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const dispatch = useDispatch();
  const session = useSelector(selectSession);
  const { store } = useShopContext();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    panel.current?.querySelector<HTMLElement>('a,button')?.focus();
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  return (
    <div className={open ? 'side-menu is-open' : 'side-menu'} aria-hidden={!open} inert={!open}>
      <div className="side-menu__overlay" onClick={onClose} />
      <div className="side-menu__panel" id="side-menu" role="dialog" aria-modal="true" aria-label={t('menu.title')} ref={panel}>
        <div className="side-menu__head">
          <span className="side-menu__title">{store?.name ?? t('menu.title')}</span>
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('menu.close')}>
            <Icon name="close" />
          </button>
        </div>
        <nav>
          <ul className="side-menu__list">
            {ENTRIES.filter((e) => !e.testOnly || isTestHost()).map((e) => (
              <li key={e.key}>
                <NavLink to={e.to} onClick={onClose} className="side-menu__link">
                  <Icon name={e.icon} size={22} />
                  <span>{t(`menu.${e.key}`)}</span>
                </NavLink>
              </li>
            ))}
            <li>
              {session ? (
                <button
                  type="button"
                  className="side-menu__link"
                  style={{ width: '100%', border: 0, background: 'none', font: 'inherit', fontSize: 16, textAlign: 'start', cursor: 'pointer' }}
                  onClick={() => {
                    dispatch(signOutRequested());
                    onClose();
                  }}
                >
                  <AccountIcon name="logout" size={22} />
                  <span>{t('menu.sign_out')}</span>
                </button>
              ) : (
                <NavLink to="/login" onClick={onClose} className="side-menu__link">
                  <AccountIcon name="user" size={22} />
                  <span>{t('menu.sign_in')}</span>
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
        <div className="side-menu__footer">
          <LanguageSelect />
          {store?.phone && (
            <a className="side-menu__phone" href={`tel:${String(store.phone).replace(/[^\d+]/g, '')}`}>
              <Icon name="phone" size={20} />
              <span dir="ltr">{String(store.phone)}</span>
            </a>
          )}
        </div>
      </div>
    </div>
  );
}
