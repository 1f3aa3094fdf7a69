import { useSelector } from 'react-redux';
import { useT } from '../../../lib/i18n';
import { selectOffline } from '../shellSlice';
import '../shell.css';

/** 'Оффлайн' at the top while the browser or the last request says there is no network. */
export default function OfflineBanner() {
  const t = useT();
  const offline = useSelector(selectOffline);
  if (!offline) return null;
  return (
    <div className="offline-banner" role="status">
      {t('common.offline')}
    </div>
  );
}
