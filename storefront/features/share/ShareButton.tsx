import { useDispatch } from 'react-redux';
import { copyWithToast } from '../../lib/clipboard';
import { useT } from '../../lib/i18n';
import { openExternal } from '../../lib/links';
import { useHydrated } from '../../lib/layout';
import { platform } from '../../lib/platform';
import { productLink } from './externalLinks';
import './share.css';

/**
 * The item page's link control: in the shop's apps 'Поделиться' hands the product link to the app (its
 * bridge: iOS messageHandlers.openLink, Android AndroidBridge.openLink); in a browser 'Скопировать ссылку'
 * copies it, with the 'clipboard' / 'clipboard_error' toasts.
 */
export default function ShareButton({ path, itemId }: { path: string; itemId: string | number }) {
  const t = useT();
  const dispatch = useDispatch();
  // The server renders the browser's control; the apps' one comes after hydration.
  const app = useHydrated() && platform !== 'browser';
  const label = app ? t('share.share') : t('share.copy_link');
  const onClick = () => {
    const url = productLink(path, itemId);
    if (app) openExternal(url);
    else void copyWithToast(url, dispatch);
  };
  return (
    <button type="button" className="round-button round-button--large" aria-label={label} title={label} onClick={onClick}>
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {app ? (
          <path d="M12 15V4M8 8l4-4 4 4M5 12v6.5A1.5 1.5 0 0 0 6.5 20h11a1.5 1.5 0 0 0 1.5-1.5V12" />
        ) : (
          <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
        )}
      </svg>
    </button>
  );
}
