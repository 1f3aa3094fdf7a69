import { useEffect } from 'react';
import { useNavigate } from '../../lib/router';
import MessagePage from '../../components/MessagePage';
import { useT } from '../../lib/i18n';

/** A status page of the seed's router (/404, /401): its message and a button to the main page. */
export function StatusPage({ title, code }: { title: string; code: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <MessagePage title={t(title)} code={code}>
      <button type="button" className="button" onClick={() => navigate('/')}>
        {t('common.to_main')}
      </button>
    </MessagePage>
  );
}

/** /404: 'page_not_found'. */
const NotFoundPage = () => <StatusPage title="common.page_not_found" code="404" />;
export default NotFoundPage;

/**
 * Any unknown path: the same page (the server rendered it there, with a 404 status), then the address
 * becomes /404 as the seed's router does.
 */
export function UnknownPathPage() {
  const navigate = useNavigate();
  useEffect(() => void navigate('/404', { replace: true }), [navigate]);
  return <NotFoundPage />;
}
