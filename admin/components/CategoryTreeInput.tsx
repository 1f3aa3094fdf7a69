import { useInput, useTranslate, type Validator } from 'react-admin';
import { FormHelperText } from '@mui/material';
import { useCategoryTree } from './CategorySelectInput';
import { CategoryTreeRadio, type TreeCategory } from './CategoryTreeRadio';

/** A form input of a category id picked from the tree of radio choices (the product's parent category). */
export function CategoryTreeInput({ source, label, validate, rootLabel }: { source: string; label: string; validate?: Validator[]; rootLabel?: string }) {
  const translate = useTranslate();
  const { data = [] } = useCategoryTree();
  const { field, fieldState, isRequired } = useInput({ source, validate });
  return (
    <>
      <CategoryTreeRadio label={translate(label)} categories={data as TreeCategory[]} value={field.value ? String(field.value) : null} onChange={(v) => field.onChange(v)} rootLabel={rootLabel} required={isRequired} />
      {fieldState.error?.message ? <FormHelperText error>{translate(fieldState.error.message, { _: fieldState.error.message })}</FormHelperText> : null}
    </>
  );
}
