import { useFormIsDirty } from 'react-admin';

/**
 * Whether the owner changed anything in the editor's form: some field is in react-hook-form's
 * `dirtyFields`, as react-admin's own SaveButton decides (ra-core useFormIsDirty).
 *
 * Not `useFormState().isDirty`: that one deep-compares all the form's values with its default values
 * whenever it is recomputed, and an input whose field the record lacks (a new product has no name, price,
 * vendor…) puts the key in the values as undefined but not in the defaults. Whether the flag was
 * recomputed after that depended on timing (an input applying its own default, such as the lazily loaded
 * rich-text editor, after react-admin's Form reset), so an untouched new product's 'Принять' was on in
 * some loads and 'Сохранить изменения?' was asked on leaving it.
 */
export const useEditorDirty = (): boolean => useFormIsDirty();
