import { memo, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import Icon from '../../components/Icon';
import { useShopContext } from '../../components/ShopContext';
import { imgUrl } from '../../lib/config';
import { useT } from '../../lib/i18n';
import { useIsWide } from '../../lib/layout';
import { useGoBack } from '../NavigationBridge';
import { isRootPage } from './backTarget';
import LanguageSelect from './LanguageSelect';
import './header.css';

export const INFO_LINKS = ['about_company', 'delivery', 'payment', 'contacts'] as const;

/**
 * The header: the logo (to the root) or, on narrow screens away from the root, a back arrow; the desktop
 * nav; search; the phone link; the filter, (on the wide layout) favourites, cart and menu buttons; the language
 * selector. Memo: the shell draws again when the app starts (the layout known, this device's state), the header
 * only when its own props, contexts or layout change.
 */
function Header({ search, filterButton, cartButton, favouritesButton, onMenu, menuOpen }: {
  search: ReactNode;
  filterButton?: ReactNode;
  cartButton: ReactNode;
  favouritesButton?: ReactNode;
  onMenu: () => void;
  menuOpen: boolean;
}) {
  const t = useT();
  const wide = useIsWide();
  const { store } = useShopContext();
  const location = useLocation();
  const logo = imgUrl(store?.logo);
  // Unknown width (server render, hydration): both the back arrow and the logo, the stylesheet shows one.
  const root = isRootPage(location.pathname);
  const phone = store?.phone ? String(store.phone) : '';

  const goBack = useGoBack();

  const brand = (
    <Link to="/" className="header__logo" aria-label={store?.name ?? t('header.home')}>
      {logo ? <img src={logo} alt={store?.name ?? ''} height={36} /> : <span className="header__name">{store?.name}</span>}
    </Link>
  );

  return (
    <header className="header">
      {wide !== false && (
        <div className={wide ? 'header__top' : 'header__top wide-only'}>
          <nav className="header__nav" aria-label={t('header.catalog')}>
            <NavLink to="/category/0/1" className={({ isActive }) => (isActive || location.pathname.startsWith('/category') ? 'is-active' : undefined)}>
              {t('header.catalog')}
            </NavLink>
            {INFO_LINKS.map((k) => (
              <NavLink key={k} to={`/${k}`}>
                {t(`header.${k}`)}
              </NavLink>
            ))}
          </nav>
          <div className="header__contacts">
            {phone && (
              <a className="header__phone" href={`tel:${phone.replace(/[^\d+]/g, '')}`} aria-label={t('header.call', { phone })}>
                <Icon name="phone" size={18} />
                <span dir="ltr">{phone}</span>
              </a>
            )}
            <LanguageSelect />
          </div>
        </div>
      )}
      <div className="header__bar">
        {!root && wide !== true && (
          <button type="button" className={wide === null ? 'icon-button header__back narrow-only' : 'icon-button header__back'} onClick={goBack} aria-label={t('header.back')}>
            <Icon name="back" className="flip-rtl" />
          </button>
        )}
        {(root || wide !== false) && (root || wide ? brand : <span className="contents wide-only">{brand}</span>)}
        <div className="header__spacer" />
        <div className="header__search">{search}</div>
        {wide !== true && phone && (
          <a className={wide === null ? 'icon-button narrow-only' : 'icon-button'} href={`tel:${phone.replace(/[^\d+]/g, '')}`} aria-label={t('header.call', { phone })}>
            <Icon name="phone" />
          </a>
        )}
        {filterButton}
        {favouritesButton && wide !== false && <span className={wide ? 'contents' : 'contents wide-only'}>{favouritesButton}</span>}
        {cartButton}
        <button type="button" className="icon-button" onClick={onMenu} aria-label={t('header.menu')} aria-expanded={menuOpen} aria-controls="side-menu">
          <Icon name="menu" />
        </button>
      </div>
    </header>
  );
}

export default memo(Header);
