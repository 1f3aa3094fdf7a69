import { useMemo } from 'react';
import { useCategoryTree } from '../../components/CategorySelectInput';

/** The seed's item editor path of a product: /item_editor/{categoryPath}/{itemId}, the path from the category tree. */
export function useItemEditorPath() {
  const { data } = useCategoryTree();
  const paths = useMemo(() => new Map((data ?? []).map((c) => [String(c.id), String(c.path)])), [data]);
  return (categoryId: unknown, id: unknown) => `/item_editor/${paths.get(String(categoryId)) ?? '0'}/${id}`;
}
