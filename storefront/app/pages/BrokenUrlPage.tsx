import MessagePage from '../../components/MessagePage';
import { useT } from '../../lib/i18n';

/** The broken-url page: /config.json could not be read (or lacks its URLs). */
export default function BrokenUrlPage() {
  const t = useT();
  return (
    <MessagePage title={t('common.server_error')}>
      <button type="button" className="button" onClick={() => location.reload()}>
        {t('common.reload')}
      </button>
    </MessagePage>
  );
}
