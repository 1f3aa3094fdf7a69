import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router';
import Loader from '../../../components/Loader';
import NoConnection from '../../../components/NoConnection';
import { useT } from '../../../lib/i18n';
import { useScrollTop } from '../../../lib/scroll';
import { writeString } from '../../../lib/storage';
import { hasContent, infoRequested, selectInfo, type InfoPageName } from '../infoSlice';
import '../info.css';

/** The info pages' loader shows after 400 ms (the catalogue's after 2 s). */
export const INFO_LOADER_MS = 400;

/** /about_company, /delivery, /payment, /contacts: the shop's text, a loader, the no-connection panel, or 'not_found_info'. */
export default function InfoPage({ page }: { page: InfoPageName }) {
  const t = useT();
  const dispatch = useDispatch();
  const location = useLocation();
  const { pages, status, error, loaded } = useSelector(selectInfo);
  useScrollTop(page);

  useEffect(() => {
    dispatch(infoRequested());
    // The first page of a visit is where 'back' returns to (after signing in, for instance).
    if (location.key === 'default') writeString('back', location.pathname);
  }, [page, dispatch, location.key, location.pathname]);

  const html = pages[page];
  let body;
  if (status === 'failed') body = <NoConnection onRetry={() => dispatch(infoRequested())} serverError={error === 'server_error'} />;
  else if (!loaded) body = <Loader delay={INFO_LOADER_MS} />;
  else if (!hasContent(html)) body = <p className="empty">{t('info.not_found_info')}</p>;
  else body = <div className="rich-text info__text" dangerouslySetInnerHTML={{ __html: html! }} />;

  return (
    <div className="page page--info">
      {/* The shop's text usually opens with its own heading: the page title is then for screen readers only. */}
      <h1 className={loaded && hasContent(html) && /^\s*<h[12]\b/i.test(html!) ? 'visually-hidden' : 'page__title'}>{t(`menu.${page}`)}</h1>
      <section className="info" aria-label={t(`menu.${page}`)}>
        {body}
      </section>
    </div>
  );
}
