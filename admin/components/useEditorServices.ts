import { useDataProvider, useNotify, useTranslate, type DataProvider } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';

/** What a record editor works with: translation, toasts, the data provider (with `Methods`), the query cache and the seed's error texts. */
export function useEditorServices<Methods extends object = object>() {
  const translate = useTranslate();
  const listing = (key: string) => (labels: string[]) => `${translate(key)}: ${labels.map((l) => translate(l)).join(', ')}`;
  return {
    translate,
    notify: useNotify(),
    dataProvider: useDataProvider<DataProvider & Methods>(),
    queryClient: useQueryClient(),
    /** 'required_fields_error: name, price'. */
    requiredMessage: listing('errors.required_fields_error'),
    /** 'invalid: sort, link'. */
    invalidMessage: listing('admin.validation.invalid'),
  };
}
