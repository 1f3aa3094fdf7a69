import { lazy, Suspense, type ReactElement } from 'react';
import {
  BooleanField,
  BooleanInput,
  DateField,
  DateInput,
  FileField,
  FileInput,
  ImageField,
  ImageInput,
  NumberField,
  NumberInput,
  SelectArrayInput,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  TimeInput,
  UrlField,
  type Validator,
} from 'react-admin';
import { LinearProgress } from '@mui/material';
import type { FieldDef, FieldType } from '../../schemas';
import { validatorsFor } from './validation';
import { ColourField, ColourInput } from './ColourInput';
import { LtrTextField } from './Ltr';

/**
 * The one map from a registry field type to its react-admin input, and the one map to its list field.
 * Every form and list built from a schema goes through these (buildResource, the custom editors).
 */
export interface WidgetProps {
  field: FieldDef;
  /** Form path; defaults to the field's name. */
  source?: string;
  label?: string | false;
  validate?: Validator[];
  required?: boolean;
  disabled?: boolean;
}

// Rich text (tiptap) is heavy: loaded only when a form shows a wysiwyg field.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

const choicesOf = (f: FieldDef) => (f.options ?? []).map((o) => ({ id: o.id, name: o.label }));

type InputBuilder = (p: Required<Pick<WidgetProps, 'field' | 'source' | 'validate'>> & WidgetProps) => ReactElement;

const common = (p: WidgetProps & { source: string; validate: Validator[] }) => ({
  source: p.source,
  label: p.label ?? p.field.label,
  validate: p.validate,
  disabled: p.disabled,
  helperText: false as const,
});

export const inputByType: Record<FieldType, InputBuilder> = {
  varchar: (p) => <TextInput {...common(p)} fullWidth />,
  // Phones read left to right in Arabic too ("+7 916…", not "…916 7+").
  phone: (p) => <TextInput {...common(p)} type="tel" fullWidth slotProps={{ htmlInput: { dir: 'ltr' } }} />,
  email: (p) => <TextInput {...common(p)} type="email" fullWidth />,
  url: (p) => <TextInput {...common(p)} fullWidth />,
  textarea: (p) => <TextInput {...common(p)} multiline minRows={p.field.rows ?? 4} fullWidth />,
  wysiwyg: (p) => (
    <Suspense fallback={<LinearProgress />}>
      <RichTextEditor {...common(p)} fullWidth />
    </Suspense>
  ),
  number: (p) => <NumberInput {...common(p)} step={1} min={p.field.min} max={p.field.max} />,
  float: (p) => <NumberInput {...common(p)} step="any" min={p.field.min} max={p.field.max} />,
  bool: (p) => <BooleanInput {...common(p)} />,
  // A select with a registry default always holds a value: no empty option to pick.
  select: (p) => <SelectInput {...common(p)} choices={choicesOf(p.field)} emptyText="" isRequired={p.field.default !== undefined || undefined} fullWidth />,
  multipleSelect: (p) => <SelectArrayInput {...common(p)} choices={choicesOf(p.field)} fullWidth />,
  image: (p) => (
    <ImageInput {...common(p)} accept={{ 'image/png': ['.png'], 'image/gif': ['.gif'], 'image/jpeg': ['.jpg', '.jpeg'] }}>
      <ImageField source="src" title="title" />
    </ImageInput>
  ),
  video: (p) => (
    <FileInput {...common(p)} accept={{ 'video/mp4': ['.mp4'], 'video/quicktime': ['.mov'] }}>
      <FileField source="src" title="title" />
    </FileInput>
  ),
  file: (p) => (
    <FileInput {...common(p)}>
      <FileField source="src" title="title" />
    </FileInput>
  ),
  colour: (p) => <ColourInput {...common(p)} />,
  date: (p) => <DateInput {...common(p)} />,
  time: (p) => <TimeInput {...common(p)} />,
  // Drawn on maps and in schedule editors of their own screens; a generic form shows them read-only.
  polygon: (p) => <TextInput {...common(p)} disabled format={(v) => (v ? JSON.stringify(v) : '')} fullWidth />,
  schedule: (p) => <TextInput {...common(p)} disabled format={(v) => (v ? JSON.stringify(v) : '')} fullWidth />,
  json: (p) => <TextInput {...common(p)} disabled format={(v) => (v ? JSON.stringify(v) : '')} fullWidth />,
};

/** The input of a registry field, with its validators from the registry. */
export function FieldInput(props: WidgetProps) {
  const source = props.source ?? props.field.name;
  const validate = props.validate ?? validatorsFor(props.field, { required: props.required });
  return inputByType[props.field.type]({ ...props, source, validate });
}

type FieldBuilder = (f: FieldDef, source: string) => ReactElement;

const plain: FieldBuilder = (f, source) => <TextField source={source} label={f.label} />;

export const listFieldByType: Record<FieldType, FieldBuilder> = {
  varchar: plain,
  phone: (f, source) => <LtrTextField source={source} label={f.label} />,
  email: plain,
  textarea: plain,
  wysiwyg: (f, source) => <TextField source={source} label={f.label} sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }} />,
  url: (f, source) => <UrlField source={source} label={f.label} />,
  number: (f, source) => <NumberField source={source} label={f.label} />,
  float: (f, source) => <NumberField source={source} label={f.label} />,
  bool: (f, source) => <BooleanField source={source} label={f.label} />,
  select: (f, source) => <SelectField source={source} label={f.label} choices={choicesOf(f)} />,
  multipleSelect: plain,
  image: (f, source) => <ImageField source={source} label={f.label} sx={{ '& img': { maxWidth: 56, maxHeight: 56, objectFit: 'contain' } }} />,
  video: (f, source) => <UrlField source={source} label={f.label} />,
  file: (f, source) => <UrlField source={source} label={f.label} />,
  colour: (f, source) => <ColourField source={source} label={f.label} />,
  date: (f, source) => <DateField source={source} label={f.label} />,
  time: plain,
  polygon: (f, source) => <TextField source={source} label={f.label} emptyText="" />,
  schedule: (f, source) => <TextField source={source} label={f.label} emptyText="" />,
  json: (f, source) => <TextField source={source} label={f.label} emptyText="" />,
};

/** The list column of a registry field. */
export const listFieldFor = (field: FieldDef, source = field.name) => listFieldByType[field.type](field, source);
