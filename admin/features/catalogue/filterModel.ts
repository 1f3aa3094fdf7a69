import { NEW_VALUE_SUFFIX, type ParamKind } from '../../../schemas';

/** A filter being edited: the seed's filter editor state (values with ids, deletedValues). */
export interface FilterValue {
  id: string;
  name: string;
}
export interface FilterDraft {
  name: string;
  kind: ParamKind;
  isRequired: boolean;
  unit: string;
  sort: string;
  values: FilterValue[];
  deletedValues: string[];
}

export const isNewValueId = (id: string) => id.endsWith(NEW_VALUE_SUFFIX);

/** The next id for a new value row: a number ending in '$' that no row uses yet ('1$' first). */
export function nextValueId(values: FilterValue[]): string {
  let n = 1;
  const used = new Set(values.map((v) => v.id));
  while (used.has(`${n}${NEW_VALUE_SUFFIX}`)) n++;
  return `${n}${NEW_VALUE_SUFFIX}`;
}

/** A new filter starts as varchar, not required, with one empty value '1$'. */
export const newFilter = (): FilterDraft => ({ name: '', kind: 'varchar', isRequired: false, unit: '', sort: '', values: [{ id: `1${NEW_VALUE_SUFFIX}`, name: '' }], deletedValues: [] });

/** Changing the kind of a new filter: select gets one empty value, other kinds clear the values. */
export function withKind(draft: FilterDraft, kind: ParamKind): FilterDraft {
  return { ...draft, kind, values: kind === 'select' ? [{ id: nextValueId([]), name: '' }] : [] };
}

/** Typing in a value; typing in the last row adds a new empty row after it. */
export function withValueTyped(draft: FilterDraft, index: number, name: string): FilterDraft {
  const values = draft.values.map((v, i) => (i === index ? { ...v, name } : v));
  if (index === values.length - 1 && name !== '') values.push({ id: nextValueId(values), name: '' });
  return { ...draft, values };
}

/**
 * Removing a value: a row goes only while more than one exists; removing the only row clears it instead
 * (a new empty row '1$'). A stored value's id is kept in deletedValues either way.
 */
export function withValueRemoved(draft: FilterDraft, index: number): FilterDraft {
  const gone = draft.values[index];
  if (!gone) return draft;
  const deletedValues = isNewValueId(gone.id) ? draft.deletedValues : [...draft.deletedValues, gone.id];
  if (draft.values.length <= 1) {
    if (gone.name === '' && isNewValueId(gone.id)) return draft;
    return { ...draft, values: [{ id: nextValueId([]), name: '' }], deletedValues };
  }
  return { ...draft, values: draft.values.filter((_, i) => i !== index), deletedValues };
}

/** Whether a value row's remove button does anything: always while more than one exists; the only row when it holds something. */
export const canRemoveValue = (draft: FilterDraft, index: number): boolean => withValueRemoved(draft, index) !== draft;

/** A stored filter as a draft: a select gets its trailing empty row. */
export function draftOf(record: { name?: string; kind?: string; isRequired?: boolean; unit?: string | null; sort?: number; values?: FilterValue[] }): FilterDraft {
  const values = (record.values ?? []).map((v) => ({ id: String(v.id), name: v.name }));
  const kind = (record.kind ?? 'varchar') as ParamKind;
  return {
    name: record.name ?? '',
    kind,
    isRequired: !!record.isRequired,
    unit: record.unit ?? '',
    sort: record.sort === undefined || record.sort === null ? '' : String(record.sort),
    values: kind === 'select' ? [...values, { id: nextValueId(values), name: '' }] : [],
    deletedValues: [],
  };
}
