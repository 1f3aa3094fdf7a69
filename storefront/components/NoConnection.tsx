import { useT } from '../lib/i18n';
import Icon from './Icon';

/** The no-connection panel (or the server-error one) with the retry button. */
export default function NoConnection({ onRetry, serverError = false }: { onRetry: () => void; serverError?: boolean }) {
  const t = useT();
  return (
    <div className="panel panel--error" role="alert">
      <Icon name="wifiOff" size={40} />
      <p>{serverError ? t('errors.server_error') : t('errors.no_connection')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
