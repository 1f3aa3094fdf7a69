import { useNavigate } from '../../lib/router';
import MessagePage from '../../components/MessagePage';
import { useT } from '../../lib/i18n';

/** /401: 'unauthorized_page' and a button to the main page. */
export default function UnauthorizedPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <MessagePage title={t('common.unauthorized_page')} code="401">
      <button type="button" className="button" onClick={() => navigate('/')}>
        {t('common.to_main')}
      </button>
    </MessagePage>
  );
}
