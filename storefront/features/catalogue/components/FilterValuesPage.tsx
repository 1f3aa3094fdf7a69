import { useDispatch } from 'react-redux';
import { Navigate, useParams } from '../../../lib/router';
import Loader from '../../../components/Loader';
import NoConnection from '../../../components/NoConnection';
import PathPending from '../../../components/PathPending';
import { ROOT_PATH } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';
import { useScrollTop } from '../../../lib/scroll';
import { draftFilterCleared, filtersApplied, paramsRequested } from '../filtersSlice';
import { FilterActions, useFilterPage, ValueChecks } from './FiltersPage';
import { filterTitle } from './filterTitle';
import '../filters.css';
import { useLaterPageTitle } from '../../seo/public';

/** /filters/{path}/{filterId}: the checkbox values of one select filter; both buttons apply and go back two steps, to the list. */
export default function FilterValuesPage() {
  useLaterPageTitle();
  const t = useT();
  const { path = ROOT_PATH, filterId = '' } = useParams();
  const dispatch = useDispatch();
  const { categoryId, draft, entry, back, state } = useFilterPage(path, 2);
  useScrollTop(filterId);

  if (state === 'pending') return <PathPending />;
  if (state !== 'valid') return <Navigate to="/404" replace />;
  if (entry?.status === 'failed' && !entry.loaded) return <NoConnection onRetry={() => dispatch(paramsRequested(categoryId))} serverError={entry.error === 'server_error'} />;
  if (!entry?.loaded || !draft || draft.path !== path) return <Loader />;
  const param = entry.items.find((p) => p.baseId === filterId);
  if (!param || param.kind !== 'select') return <Navigate to="/404" replace />;
  const chosen = Array.isArray(draft.values[param.baseId]) ? (draft.values[param.baseId] as string[]) : [];
  const title = filterTitle(param, t);

  return (
    <div className="page page--filters">
      <h1 className="page__title">{title}</h1>
      <ValueChecks p={param} chosen={chosen} className="filters__values" legend="visually-hidden" />
      <FilterActions
        onReset={() => {
          dispatch(draftFilterCleared(param.baseId));
          dispatch(filtersApplied({ path, categoryId }));
          back();
        }}
        onApply={() => {
          dispatch(filtersApplied({ path, categoryId }));
          back();
        }}
      />
    </div>
  );
}
