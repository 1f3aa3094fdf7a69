import { useEffect } from 'react';
import { useNavigate } from '../../lib/router';
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

/**
 * Any unknown path: the same page (the server rendered it there, with a 404 status), then the address
 * becomes /404 as the seed's router does.
 */
export function UnknownPathPage() {
  const navigate = useNavigate();
  useEffect(() => void navigate('/404', { replace: true }), [navigate]);
  return <NotFoundPage />;
}
