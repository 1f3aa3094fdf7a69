import { useEffect, useMemo, useRef, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useFormContext } from 'react-hook-form';
import { useEditorDirty } from './useEditorDirty';
import { Authenticated, Form, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { Box, CircularProgress, Stack } from '@mui/material';
import { validateFields, type EntitySchema, type FieldDef } from '../../schemas';
import { ConfirmDialog, EditorActions, EditorCard, EditorHeader, UnsavedChangesPrompt } from './EditorParts';
import { useEditorServices } from './useEditorServices';
import { useEditorSave } from './useEditorSave';
import { SchemaInputs, formFieldsOf } from './buildResource';

export interface SchemaRecordEditorProps {
  /** The REST resource (/rest/<resource>) and its registry schema: the form shows the schema's writable fields. */
  resource: string;
  schema: EntitySchema;
  /** The record's id, or 'new'. */
  id: string;
  /** Where back, save and delete lead. */
  list: string;
  /** The screen's text namespace: `<texts>.new` and `<texts>.edit` title it, `<texts>.delete_quest` asks before deleting. */
  texts: string;
  /** A longer text under the delete question. */
  deleteText?: string;
  /** Replaces the generic input of a field by name (e.g. the promo code that uppercases as typed). */
  inputs?: Record<string, (field: FieldDef) => ReactElement>;
  /** Read-only facts of a stored record shown above the form (times used). */
  info?: (record: RaRecord) => ReactNode;
}

/** Enter in a one-line field saves, like the accept button (the form itself has no submit button). */
export function saveOnEnter(e: KeyboardEvent<HTMLElement>, enabled: boolean, save: () => void) {
  const target = e.target as HTMLElement;
  if (e.key !== 'Enter' || target.tagName !== 'INPUT' || (target as HTMLInputElement).type === 'checkbox') return;
  e.preventDefault();
  if (enabled) save();
}

/** The registry defaults of a new record's writable fields. */
export const defaultsOf = (fields: readonly FieldDef[]) => Object.fromEntries(fields.filter((f) => f.default !== undefined).map((f) => [f.name, f.default]));

function RecordForm({ resource, schema, id, list, texts, deleteText, inputs, info, record }: SchemaRecordEditorProps & { record: RaRecord | undefined }) {
  const { translate, notify, dataProvider, queryClient, requiredMessage, invalidMessage } = useEditorServices();
  const { getValues, reset, trigger } = useFormContext();
  const isDirty = useEditorDirty();
  const { busy, askDelete, setAskDelete, result, run, resultDialog } = useEditorSave();
  const location = useLocation();
  const fields = useMemo(() => formFieldsOf(schema.fields), [schema]);
  const stored = useRef<RaRecord | undefined>(record);
  const isNew = !stored.current;

  /** The registry's own check (the server runs the same): a toast names the failing fields, the inputs mark them. */
  async function save(quiet = false): Promise<boolean> {
    const values = getValues() as Record<string, unknown>;
    const { values: typed, errors } = validateFields(fields, Object.fromEntries(fields.map((f) => [f.name, values[f.name]])));
    if (errors.length) {
      await trigger();
      const missing = errors.filter((e) => e.code === 'required');
      const bad = errors.filter((e) => e.code !== 'required');
      notify(missing.length ? requiredMessage(missing.map((e) => e.label)) : invalidMessage(bad.map((e) => e.label)), { type: 'error' });
      return false;
    }
    return run(
      async () => {
        const previous = stored.current;
        const { data } = previous ? await dataProvider.update(resource, { id: previous.id, data: typed, previousData: previous }) : await dataProvider.create(resource, { data: typed });
        stored.current = data;
        await queryClient.invalidateQueries({ queryKey: [resource] });
        reset(data);
        // A toast and the editor stays; a new record's editor becomes the record's own ('…/new' → '…/<id>').
        if (!previous && !quiet && /\/new$/.test(location.pathname)) return location.pathname.replace(/\/new$/, `/${data.id}`);
      },
      { toast: quiet ? false : undefined, replace: true },
    );
  }

  async function remove() {
    setAskDelete(false);
    const previous = stored.current;
    if (!previous) return;
    await run(
      async () => {
        await dataProvider.delete(resource, { id: previous.id, previousData: previous });
        await queryClient.invalidateQueries({ queryKey: [resource] });
        reset(getValues());
      },
      { then: list, toast: 'admin.editor.deleted' },
    );
  }

  const title = translate(`${texts}.${isNew ? 'new' : 'edit'}`);
  return (
    <Box sx={{ maxWidth: 720 }}>
      <EditorHeader title={title} back={list} onConfirm={() => void save()} confirmDisabled={!isDirty || busy} />
      <EditorCard>
        {stored.current && info ? <Box sx={{ mb: 2 }}>{info(stored.current)}</Box> : null}
        <Stack onKeyDown={(e) => saveOnEnter(e, isDirty && !busy, () => void save())} sx={{ '& .ra-input': { width: '100%' } }}>
          <SchemaInputs fields={fields} inputs={inputs} />
        </Stack>
      </EditorCard>
      <EditorActions busy={busy} dirty={isDirty} onDelete={isNew ? undefined : () => setAskDelete(true)} onAccept={() => void save()} acceptLabel="admin.editor.save" />
      <ConfirmDialog open={askDelete} title={translate(`${texts}.delete_quest`)} text={deleteText ? translate(deleteText) : undefined} confirmLabel={translate('admin.editor.delete')} onConfirm={() => void remove()} onCancel={() => setAskDelete(false)} danger />
      {resultDialog}
      <UnsavedChangesPrompt dirty={isDirty && !result && !busy} onSave={() => save(true)} />
    </Box>
  );
}

/**
 * An editor screen of a REST resource straight from its registry schema ('new' creates): the writable
 * fields through the one type → input map with the registry's validators, save (off while nothing
 * changed; a toast, and the editor stays) and delete (asked first; hidden for a new record; back to the
 * list). An unknown id opens /404.
 */
export function SchemaRecordEditor(props: SchemaRecordEditorProps) {
  const { resource, schema, id } = props;
  const isNew = id === 'new';
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data: record, isPending, error } = useGetOne(resource, { id }, { enabled: !isNew, retry: false, refetchOnWindowFocus: false });
  const loaded = useRef(false);
  useEffect(() => {
    if (record) loaded.current = true;
    if (error && !loaded.current) navigate('/404', { replace: true });
  }, [record, error, navigate]);
  const defaults = useMemo(() => defaultsOf(formFieldsOf(schema.fields)), [schema]);
  if (!isNew && (isPending || !record)) return <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />;
  return (
    <Form key={id} record={isNew ? defaults : record} resource={resource} noValidate onSubmit={() => undefined}>
      <RecordForm {...props} record={isNew ? undefined : record} />
    </Form>
  );
}

/** The route's screen: the record id from the path parameter `idParam` ('new' when absent), for the signed-in owner. */
export function SchemaRecordEditorPage({ idParam, ...props }: Omit<SchemaRecordEditorProps, 'id'> & { idParam: string }) {
  const id = useParams()[idParam] ?? 'new';
  return (
    <Authenticated>
      <SchemaRecordEditor {...props} id={id} />
    </Authenticated>
  );
}
