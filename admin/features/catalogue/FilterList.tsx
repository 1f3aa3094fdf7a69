import { useParams } from 'react-router';
import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { CATEGORY_PATH_SEPARATOR, ROOT_CATEGORY_ID } from '../../../schemas';
import { useCategoryTree } from '../../components/CategorySelectInput';
import { authenticated } from '../../components/ScreenList';
import { RecordScreenList } from '../../components/RecordScreenList';
import type { ParamRecord } from './ParamsInputs';

export const categoryOfPath = (path: string) => path.split(CATEGORY_PATH_SEPARATOR).filter((x) => x && x !== ROOT_CATEGORY_ID).at(-1) ?? ROOT_CATEGORY_ID;

/** A filter's name: the common ones are named by key ('price'), shown translated. */
export const filterName = (p: Pick<ParamRecord, 'name' | 'common'>, translate: (k: string, o?: object) => string) =>
  p.common ? translate(`resources.offers_params.common.${p.name}`, { _: p.name }) : p.name;

function Filters() {
  const { categoryPath = ROOT_CATEGORY_ID } = useParams();
  const translate = useTranslate();
  const categoryId = categoryOfPath(categoryPath);
  const { data: tree = [] } = useCategoryTree();
  const names = new Map(tree.map((c) => [String(c.id), String(c.category)]));
  const title = categoryId === ROOT_CATEGORY_ID ? translate('admin.filters.title_all') : translate('admin.filters.title', { category: names.get(categoryId) ?? categoryId });
  return (
    <RecordScreenList<ParamRecord>
      resource="offers_params"
      sort={{ field: 'sort', order: 'ASC' }}
      filter={{ categoryId }}
      list={`/filter_editor/category/${categoryPath}`}
      child="filter"
      title={title}
      back="/offers_category"
      add={translate('admin.filters.add')}
      maxWidth={760}
      empty={translate('admin.filters.filter_not_found')}
      row={(p) => ({
        primary: filterName(p, translate),
        secondary: (
          <>
            {translate(`resources.offers_params.kinds.${p.kind}`)}
            {p.unit ? `, ${p.unit}` : ''}
            {' · '}
            {p.common ? translate('admin.filters.common') : String(p.categoryId) === ROOT_CATEGORY_ID ? translate('admin.filters.all_categories') : names.get(String(p.categoryId)) ?? p.categoryId}
          </>
        ),
        end: p.isRequired ? <Chip size="small" label={translate('resources.offers_params.fields.isRequired')} /> : null,
      })}
    />
  );
}

/**
 * /filter_editor/category/{categoryPath}: the filters of a category (its own, its parents' and the common
 * ones) with their kind; the plus opens a new filter.
 */
export default authenticated(Filters);
