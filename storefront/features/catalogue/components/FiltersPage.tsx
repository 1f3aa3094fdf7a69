import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, Navigate, useLocation, useNavigate, useParams } from '../../../lib/router';
import Icon from '../../../components/Icon';
import Loader from '../../../components/Loader';
import NoConnection from '../../../components/NoConnection';
import PathPending from '../../../components/PathPending';
import { useCategoryTree } from '../../../components/ShopContext';
import { lastId, pathState, ROOT_PATH } from '../../../lib/categories';
import { t, tPlural, useT } from '../../../lib/i18n';
import { useScrollTop } from '../../../lib/scroll';
import { listKeyOf, SORTS, type SortId } from '../catalogueApi';
import {
  draftSelectToggled,
  draftSortChanged,
  draftValueChanged,
  filtersApplied,
  filtersOpened,
  filtersReset,
  isRange,
  paramsRequested,
  PRICE_BASE_ID,
  selectDraft,
  selectParams,
  type DraftValue,
  type FilterParam,
  type FiltersState,
  type RangeValue,
} from '../filtersSlice';
import { filterTitle } from './filterTitle';
import { cleanRange, encodeFilters } from '../filterValues';
import '../filters.css';
import { useLaterPageTitle } from '../../seo/public';

/** The reset and apply buttons at the foot of both filter pages. */
export function FilterActions({ onReset, onApply }: { onReset: () => void; onApply: () => void }) {
  const t = useT();
  const label = useApplyLabel();
  return (
    <div className="filters__actions">
      <button type="button" className="button button--ghost" onClick={onReset}>
        {t('filters.reset')}
      </button>
      <button type="button" className="button" onClick={onApply}>
        {label ?? t('filters.apply')}
      </button>
    </div>
  );
}

/** "Показать N товаров" once the draft's count is known (filtersSaga countDraft), else null. */
function useApplyLabel(): string | null {
  const draft = useSelector(selectDraft);
  const count = useSelector((s: { filters: FiltersState }) => s.filters.count);
  const categoryId = draft ? lastId(draft.path) : '0';
  const params = useSelector((s: Parameters<typeof selectParams>[0]) => selectParams(s, categoryId))?.items;
  if (!draft || !count || !params) return null;
  if (count.key !== listKeyOf(categoryId, 'default', encodeFilters(params, draft.values))) return null;
  if (count.more) return tPlural('filters.show_more', count.count);
  return count.count ? tPlural('filters.show_n', count.count) : t('filters.show_none');
}

/** The sort choice of the draft (the filter page's and the wide list's); `name` groups its radios. */
export function SortChoice({ sort, className, name = 'sort' }: { sort: SortId; className: string; name?: string }) {
  const t = useT();
  const dispatch = useDispatch();
  return (
    <fieldset className={className}>
      <legend>{t('filters.sort')}</legend>
      {SORTS.map((s) => (
        <label key={s} className="radio-row">
          <input type="radio" name={name} value={s} checked={sort === s} onChange={() => dispatch(draftSortChanged(s))} />
          <span>{t(`filters.sorts.${s}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A select filter's values as checkboxes (its own page on a phone, in place on the wide list). */
export function ValueChecks({ p, chosen, className, legend }: { p: FilterParam; chosen: string[]; className: string; legend: string }) {
  const t = useT();
  const dispatch = useDispatch();
  return (
    <fieldset className={className}>
      <legend className={legend}>{filterTitle(p, t)}</legend>
      {p.values.map((v) => (
        <label key={v.id} className="check-row">
          <input type="checkbox" checked={chosen.includes(v.id)} onChange={() => dispatch(draftSelectToggled({ baseId: p.baseId, valueId: v.id }))} />
          <span>{v.name}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Back to the list after apply or reset: one step back, or the list itself after a deep link. */
export function useBackToList(path: string, steps: number) {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key !== 'default' && window.history.length > steps) navigate(-steps);
    else navigate(`/category/${path}/1`, { replace: true });
  };
}

/**
 * What both filter pages read of a list's filters: its category, the draft, the category's params, the way
 * back to the list (`steps` back) and the path's state; the draft is opened once the path names a category.
 */
export function useFilterPage(path: string, steps: number) {
  const { tree } = useCategoryTree();
  const dispatch = useDispatch();
  const categoryId = lastId(path);
  const draft = useSelector(selectDraft);
  const entry = useSelector((s: Parameters<typeof selectParams>[0]) => selectParams(s, categoryId));
  const back = useBackToList(path, steps);
  const state = pathState(tree, path);
  const valid = state === 'valid';
  useEffect(() => {
    if (valid) dispatch(filtersOpened({ path, categoryId }));
  }, [valid, path, categoryId, dispatch]);
  return { categoryId, draft, entry, back, state };
}

export function FilterControl({ p, value, path }: { p: FilterParam; value: DraftValue | undefined; path: string }) {
  const t = useT();
  const dispatch = useDispatch();
  const title = filterTitle(p, t);
  const set = (v: DraftValue) => dispatch(draftValueChanged({ baseId: p.baseId, value: v }));
  if (p.kind === 'select') {
    const chosen = Array.isArray(value) ? value : [];
    const names = p.values.filter((v) => chosen.includes(v.id)).map((v) => v.name);
    return (
      <Link className="filter-row filter-row--link" to={`/filters/${path}/${p.baseId}`}>
        <span className="filter-row__title">{title}</span>
        <span className="filter-row__value">{names.length ? names.join(', ') : t('filters.any')}</span>
        <Icon name="forward" size={18} className="flip-rtl" />
      </Link>
    );
  }
  if (p.kind === 'bool') {
    return (
      <label className="filter-row filter-row--check">
        <span className="filter-row__title">{title}</span>
        <input type="checkbox" className="switch" checked={value === true} onChange={(e) => set(e.target.checked)} />
      </label>
    );
  }
  if (isRange(p.kind)) {
    const range: RangeValue = value && typeof value === 'object' && !Array.isArray(value) ? value : { from: '', to: '' };
    return (
      <fieldset className="filter-row filter-row--range">
        <legend className="filter-row__title">{title}</legend>
        <div className="range">
          <label>
            <span>{t('filters.from')}</span>
            <input inputMode={p.kind === 'float' ? 'decimal' : 'numeric'} value={range.from} placeholder={p.defaultFrom !== undefined ? String(p.defaultFrom) : ''} aria-label={`${title}: ${t('filters.from')}`} onChange={(e) => set({ ...range, from: cleanRange(e.target.value, p.kind) })} />
          </label>
          <label>
            <span>{t('filters.to')}</span>
            <input inputMode={p.kind === 'float' ? 'decimal' : 'numeric'} value={range.to} placeholder={p.defaultTo !== undefined ? String(p.defaultTo) : ''} aria-label={`${title}: ${t('filters.to')}`} onChange={(e) => set({ ...range, to: cleanRange(e.target.value, p.kind) })} />
          </label>
        </div>
      </fieldset>
    );
  }
  // varchar, textarea: the exact value.
  return (
    <label className="filter-row filter-row--text">
      <span className="filter-row__title">{title}</span>
      <input type="text" maxLength={200} value={typeof value === 'string' ? value : ''} placeholder={t('filters.text_placeholder')} onChange={(e) => set(e.target.value)} />
    </label>
  );
}

/**
 * /filters/{path}: the sort choice (default, price ascending, price descending, discount, date) and every
 * filter of the category; 'Сбросить' clears all and goes back, 'Применить' applies and goes back.
 */
export default function FiltersPage() {
  useLaterPageTitle();
  const t = useT();
  const { path = ROOT_PATH } = useParams();
  const location = useLocation();
  const dispatch = useDispatch();
  const { categoryId, draft, entry, back, state } = useFilterPage(path, 1);
  useScrollTop(path);

  // Without a previous page (a deep link) there is no list to go back to.
  if (location.key === 'default') return <Navigate to="/" replace />;
  if (state === 'pending') return <PathPending />;
  if (state !== 'valid') return <Navigate to="/404" replace />;
  if (!draft || draft.path !== path) return <Loader />;

  const params = entry?.items ?? [];
  let body;
  if (entry?.status === 'failed' && !entry.loaded) body = <NoConnection onRetry={() => dispatch(paramsRequested(categoryId))} serverError={entry.error === 'server_error'} />;
  else if (!entry?.loaded) body = <Loader />;
  else if (!params.length) body = <p className="empty">{t('filters.filter_not_found')}</p>;
  else
    body = (
      <div className="filters__list">
        {params.map((p) => (
          <FilterControl key={p.baseId} p={p} value={draft.values[p.baseId]} path={path} />
        ))}
      </div>
    );

  return (
    <div className="page page--filters">
      <h1 className="page__title">{t('filters.title')}</h1>
      <SortChoice sort={draft.sort} className="filters__sort" />
      {body}
      <FilterActions
        onReset={() => {
          dispatch(filtersReset({ path, categoryId }));
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
