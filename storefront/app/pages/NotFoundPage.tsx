import { useNavigate } from 'react-router';
import MessagePage from '../../components/MessagePage';
import { useT } from '../../lib/i18n';

/** /404: 'page_not_found' and a button to the main page. */
export default function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <MessagePage title={t('common.page_not_found')} code="404">
      <button type="button" className="button" onClick={() => navigate('/')}>
        {t('common.to_main')}
      </button>
    </MessagePage>
  );
}
