import { Fragment, cloneElement, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Create, Datagrid, Edit, List, SimpleForm, SimpleList, useRecordContext, type RaRecord } from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import type { EntitySchema, FieldDef } from '../../schemas';
import { FieldInput, listFieldFor } from './fieldWidgets';

/**
 * A react-admin resource generated from a registry schema: `{list, edit, create, icon}`, spread by App.tsx
 * into <Resource>. Inputs and list columns come from the one type → widget map (fieldWidgets.tsx); labels
 * are the fields' translation keys; validation is the registry's. A resource folder overrides only what
 * the seed asks to be special.
 */
export interface ResourceDefinition {
  name: string;
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | ((record: RaRecord) => string);
}

export interface BuildOptions {
  icon?: ComponentType;
  /** Field names shown as list columns (default: the first six plain writable fields). */
  listFields?: string[];
  /** Columns the server can sort by (default: all). */
  sortable?: string[];
  /** The fields a form shows for its current values (offers: the fields of the chosen type). */
  formFields?: (values: Record<string, unknown>) => FieldDef[];
  /** Replaces the generic input of a field by name. */
  inputs?: Record<string, (field: FieldDef) => ReactElement>;
  /** Extra inputs after the generated ones (pictures, parameters). */
  extraInputs?: ReactNode;
  /** Defaults of a new record (otherwise the fields' registry defaults). */
  defaults?: Record<string, unknown>;
  recordRepresentation?: string | ((record: RaRecord) => string);
  /** Replaces the generated list. */
  list?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
}

/** Fields a generic form edits: writable, not grouped (toggles, colours and picture slots have their own widgets), not secret. */
export const formFieldsOf = (fields: readonly FieldDef[]) => fields.filter((f) => !f.readOnly && !f.group);

const defaultListFields = (schema: EntitySchema) =>
  schema.fields.filter((f) => !f.group && !f.secret && f.type !== 'wysiwyg' && f.type !== 'textarea' && f.type !== 'video').slice(0, 6).map((f) => f.name);

export function SchemaInputs({ fields, inputs }: { fields: FieldDef[]; inputs?: BuildOptions['inputs'] }) {
  return (
    <>
      {fields.map((f) => {
        const custom = inputs?.[f.name];
        return custom ? <Fragment key={f.name}>{custom(f)}</Fragment> : <FieldInput key={f.name} field={f} />;
      })}
    </>
  );
}

function TypedInputs({ schema, opts }: { schema: EntitySchema; opts: BuildOptions }) {
  const record = useRecordContext();
  if (opts.formFields) return <FormFieldsByValues pick={opts.formFields} inputs={opts.inputs} initial={record ?? {}} />;
  return <SchemaInputs fields={formFieldsOf(schema.fields)} inputs={opts.inputs} />;
}

function FormFieldsByValues({ pick, inputs, initial }: { pick: NonNullable<BuildOptions['formFields']>; inputs?: BuildOptions['inputs']; initial: Record<string, unknown> }) {
  const values = useWatch() as Record<string, unknown>;
  return <SchemaInputs fields={formFieldsOf(pick({ ...initial, ...values }))} inputs={inputs} />;
}

export function buildResource(schema: EntitySchema, opts: BuildOptions = {}): ResourceDefinition {
  const byName = new Map(schema.fields.map((f) => [f.name, f]));
  const columns = (opts.listFields ?? defaultListFields(schema)).map((n) => byName.get(n)).filter((f): f is FieldDef => !!f);
  const defaults = opts.defaults ?? Object.fromEntries(schema.fields.filter((f) => f.default !== undefined && !f.readOnly && !f.group).map((f) => [f.name, f.default]));
  const primary = columns.find((f) => f.type === 'varchar') ?? columns[0];

  // Datagrid reads its columns' props (label, sortable): the field elements go in directly, keyed.
  const GeneratedList = () => {
    const small = useMediaQuery<Theme>((t) => t.breakpoints.down('sm'));
    return (
      <List>
        {small ? (
          <SimpleList primaryText={(r) => String(r[primary?.name ?? 'id'] ?? '')} secondaryText={(r) => (columns[1] ? String(r[columns[1].name] ?? '') : '')} linkType="edit" />
        ) : (
          <Datagrid rowClick="edit" bulkActionButtons={false}>
            {columns.map((f) => cloneElement(listFieldFor(f) as ReactElement<{ sortable?: boolean }>, { key: f.name, sortable: !opts.sortable || opts.sortable.includes(f.name) }))}
          </Datagrid>
        )}
      </List>
    );
  };
  const GeneratedEdit = () => (
    <Edit mutationMode="pessimistic">
      <SimpleForm noValidate>
        <TypedInputs schema={schema} opts={opts} />
        {opts.extraInputs}
      </SimpleForm>
    </Edit>
  );
  const GeneratedCreate = () => (
    <Create redirect="list">
      <SimpleForm defaultValues={defaults} noValidate>
        <TypedInputs schema={schema} opts={opts} />
        {opts.extraInputs}
      </SimpleForm>
    </Create>
  );

  return {
    name: schema.name,
    list: opts.list ?? GeneratedList,
    edit: opts.edit ?? GeneratedEdit,
    create: opts.create ?? GeneratedCreate,
    icon: opts.icon,
    recordRepresentation: opts.recordRepresentation,
  };
}
