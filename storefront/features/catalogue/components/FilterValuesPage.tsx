import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useParams } from '../../../lib/router';
import Loader from '../../../components/Loader';
import NoConnection from '../../../components/NoConnection';
import PathPending from '../../../components/PathPending';
import { useCategoryTree } from '../../../components/ShopContext';
import { lastId, pathState, ROOT_PATH } from '../../../lib/categories';
import { useT } from '../../../lib/i18n';
import { useScrollTop } from '../../../lib/scroll';
import { draftFilterCleared, filtersApplied, filtersOpened, paramsRequested, selectDraft, selectParams } from '../filtersSlice';
import { FilterActions, useBackToList, ValueChecks } from './FiltersPage';
import { filterTitle } from './filterTitle';
import '../filters.css';

/** /filters/{path}/{filterId}: the checkbox values of one select filter; both buttons apply and go back two steps, to the list. */
export default function FilterValuesPage() {
  const t = useT();
  const { path = ROOT_PATH, filterId = '' } = useParams();
  const { tree } = useCategoryTree();
  const dispatch = useDispatch();
  const categoryId = lastId(path);
  const draft = useSelector(selectDraft);
  const entry = useSelector((s: Parameters<typeof selectParams>[0]) => selectParams(s, categoryId));
  const back = useBackToList(path, 2);
  const state = pathState(tree, path);
  const valid = state === 'valid';
  useScrollTop(filterId);

  useEffect(() => {
    if (valid) dispatch(filtersOpened({ path, categoryId }));
  }, [valid, path, categoryId, dispatch]);

  if (state === 'pending') return <PathPending />;
  if (!valid) return <Navigate to="/404" replace />;
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
