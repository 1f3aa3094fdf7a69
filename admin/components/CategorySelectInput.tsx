import { useMemo } from 'react';
import { SelectInput, useGetList, useTranslate, type SelectInputProps } from 'react-admin';
import { ROOT_CATEGORY_ID } from '../../schemas';

/** All categories in tree order (the data provider adds depth, path and treeIndex). */
export const useCategoryTree = () =>
  useGetList('offers_category', { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'treeIndex', order: 'ASC' } });

/** A category picked from the tree, indented by depth, a hidden one marked (the list's category filter, the product's category). */
export function CategorySelectInput(props: Omit<SelectInputProps, 'choices'> & { withRoot?: boolean }) {
  const translate = useTranslate();
  const { data, isPending } = useCategoryTree();
  const { withRoot, ...rest } = props;
  const choices = useMemo(() => {
    const hidden = translate('admin.categories.hidden');
    const list = (data ?? []).map((c) => ({ id: String(c.id), name: `${'\u2003'.repeat(Number(c.depth ?? 0))}${c.category}${c.hidden ? ` (${hidden})` : ''}` }));
    return withRoot ? [{ id: ROOT_CATEGORY_ID, name: translate('admin.categories.root') }, ...list] : list;
  }, [data, withRoot, translate]);
  return <SelectInput {...rest} choices={choices} isPending={isPending} translateChoice={false} />;
}
