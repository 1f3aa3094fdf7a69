/**
 * The seed's select-type settings field, used for the shop's pictures (logo, favicon): its options say
 * what kind of input the field is (a file of the given mime types, or a link); choosing an option marks
 * it selected, clears the value and sets the field's type from the option.
 */
export interface SourceOption {
  id: 'file' | 'link';
  isSelect: boolean;
  type: 'file' | 'url';
  /** The file picker's accept list (the seed: the logo accepts image/jpeg; the server also takes png, gif, webp). */
  mime?: string;
}

export interface SelectField {
  value: unknown;
  type: SourceOption['type'];
  options: SourceOption[];
}

export const IMAGE_MIME = 'image/jpeg,image/png,image/gif,image/webp';

const OPTIONS: readonly Omit<SourceOption, 'isSelect'>[] = [
  { id: 'file', type: 'file', mime: IMAGE_MIME },
  { id: 'link', type: 'url' },
];

/** The field as it opens: a stored http(s) address is a link, anything else (a stored picture, nothing) a file. */
export function imageSourceField(value: unknown): SelectField {
  const id = typeof value === 'string' && /^https?:\/\//i.test(value) ? 'link' : 'file';
  return withSelected({ value, type: 'file', options: OPTIONS.map((o) => ({ ...o, isSelect: false })) }, id, false);
}

function withSelected(field: SelectField, id: SourceOption['id'], clear: boolean): SelectField {
  const option = field.options.find((o) => o.id === id) ?? field.options[0];
  return { value: clear ? '' : field.value, type: option.type, options: field.options.map((o) => ({ ...o, isSelect: o.id === option.id })) };
}

/** Choosing an option: it is marked selected, the value is cleared and the field takes the option's type. */
export const withOptionChosen = (field: SelectField, id: SourceOption['id']): SelectField => withSelected(field, id, true);

export const selectedOption = (field: SelectField): SourceOption => field.options.find((o) => o.isSelect) ?? field.options[0];
