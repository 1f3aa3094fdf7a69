import { describe, expect, it } from 'vitest';
import { createFormControl } from 'react-hook-form';
import { checkHasDirtyFields } from 'react-admin';

describe('editor dirtiness (useEditorDirty)', () => {
  it("an untouched form whose inputs lack a default: react-hook-form's isDirty can turn on, dirtyFields stay empty", () => {
    // A new product: the record has the registry's defaults, not the name or the price.
    const { control, formControl } = createFormControl({ defaultValues: { type: 'common', currencyId: 'RUR' } as Record<string, unknown> });
    control._state.mount = true;
    // Inputs mount: their fields go into the values as undefined, not into the defaults.
    formControl.register('name', { value: undefined });
    formControl.register('price', { value: undefined });
    expect(control._formState.isDirty).toBe(false);
    // An input applies its own default afterwards (react-admin's useApplyInputDefaultValues): the flag is
    // recomputed over all the values, and the undefined name and price differ from the defaults.
    formControl.register('description');
    formControl.resetField('description', { defaultValue: '' });
    expect(control._formState.isDirty).toBe(true);
    expect(control._formState.dirtyFields).toEqual({});
    expect(checkHasDirtyFields(control._formState.dirtyFields)).toBe(false);
    // A change of the owner's is dirty.
    formControl.setValue('name', 'Чайник', { shouldDirty: true });
    expect(checkHasDirtyFields(control._formState.dirtyFields)).toBe(true);
  });
});
