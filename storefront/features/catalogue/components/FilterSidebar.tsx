import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import Loader from '../../../components/Loader';
import NoConnection from '../../../components/NoConnection';
import { useT } from '../../../lib/i18n';
import { filtersApplied, filtersOpened, filtersReset, paramsRequested, selectDraft, selectParams } from '../filtersSlice';
import { FilterActions, FilterControl, SortChoice, ValueChecks } from './FiltersPage';
import '../filters.css';

/**
 * The wide list's filters beside the products (issue 36): the sort and every filter of the category, edited as
 * on the phone's filter page (the same draft, filtersSlice) and applied with "Показать N товаров"; the list and
 * its address follow, and the chips above the list name what is applied.
 */
export default function FilterSidebar({ path, categoryId }: { path: string; categoryId: string }) {
  const t = useT();
  const dispatch = useDispatch();
  const draft = useSelector(selectDraft);
  const entry = useSelector((s: Parameters<typeof selectParams>[0]) => selectParams(s, categoryId));
  const editing = draft?.path === path;
  // Opened with the list, and again after each apply or reset (which end the draft).
  useEffect(() => {
    if (!editing) dispatch(filtersOpened({ path, categoryId }));
  }, [editing, path, categoryId, dispatch]);

  let body;
  if (entry?.status === 'failed' && !entry.loaded) body = <NoConnection onRetry={() => dispatch(paramsRequested(categoryId))} serverError={entry.error === 'server_error'} />;
  else if (!entry?.loaded || !editing) body = <Loader inline />;
  else
    body = entry.items.map((p) =>
      p.kind === 'select' ? (
        <ValueChecks key={p.baseId} p={p} chosen={Array.isArray(draft.values[p.baseId]) ? (draft.values[p.baseId] as string[]) : []} className="filter-side__values" legend="filter-row__title" />
      ) : (
        <FilterControl key={p.baseId} p={p} value={draft.values[p.baseId]} path={path} />
      ),
    );
  return (
    <section className="filter-side" aria-label={t('filters.title')}>
      <h2 className="filter-side__title">{t('filters.title')}</h2>
      {editing && <SortChoice sort={draft.sort} className="filter-side__sort" name="side-sort" />}
      {body}
      {editing && <FilterActions onReset={() => dispatch(filtersReset({ path, categoryId }))} onApply={() => dispatch(filtersApplied({ path, categoryId }))} />}
    </section>
  );
}
