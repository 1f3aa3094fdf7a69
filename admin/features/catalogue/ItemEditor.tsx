import { useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Authenticated, Form, RadioButtonGroupInput, useDataProvider, useGetOne, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, CircularProgress, Divider, Stack } from '@mui/material';
import KitchenOutlined from '@mui/icons-material/KitchenOutlined';
import { CATEGORY_PATH_SEPARATOR, OFFER_TYPES, ROOT_CATEGORY_ID, fieldByName, isBlank, offerFieldsFor, offerSchema, type FieldDef } from '../../../schemas';
import { paramField } from '../../../dataProvider/apiDataProvider';
import { FieldInput } from '../../components/fieldWidgets';
import { registryValidator } from '../../components/validation';
import { CategoryTreeInput } from '../../components/CategoryTreeInput';
import { ConfirmDialog, EditorCard, EditorActions, EditorHeader, UnsavedChangesPrompt, useRequiredFieldsMessage } from '../../components/EditorParts';
import { useEditorSave } from '../../components/useEditorSave';
import { answered } from '../../components/editorWork';
import { productsOfCategoryPath } from './CategoryList';
import { useItemEditorPath } from './itemPaths';
import { PhotosInput } from './PhotosInput';
import { ParamsInputs, markRequired, paramLabel, useCategoryParams, type ParamRecord } from './ParamsInputs';

const TYPE = fieldByName(offerSchema, 'type');
const CATEGORY = fieldByName(offerSchema, 'categoryId');
/** Fields with their own widgets on this screen (type radio, category tree, photos) or set by the server. */
const SPECIAL = new Set(['type', 'categoryId']);
const editable = (type: string) => offerFieldsFor(type).filter((f) => !f.readOnly && !f.group && !SPECIAL.has(f.name));

/**
 * Asks for the whole item: react-admin fills its getOne cache from list rows (cards without parameters or
 * picture ids); a meta of its own keeps the editor from starting with a card.
 */
const FULL = { full: true };

/** Defaults of a new product: the registry's, the category of the path, no photos. */
function newOffer(categoryId: string | undefined) {
  const defaults = Object.fromEntries(offerSchema.fields.filter((f) => f.default !== undefined && !f.readOnly && !f.group).map((f) => [f.name, f.default]));
  return { ...defaults, type: 'common', categoryId, images: [], paramValues: {} } as Record<string, unknown>;
}

/**
 * The seed's required-field rule: a field fails when empty or only whitespace (booleans never; a select
 * when nothing is checked), and the parent category needs an id. Returns the failing labels.
 */
export function missingRequired(values: Record<string, unknown>, fields: FieldDef[], params: ParamRecord[]): { names: string[]; labels: string[] } {
  const names: string[] = [];
  const labels: string[] = [];
  for (const f of fields) {
    if (!f.required || f.type === 'bool') continue;
    if (isBlank(values[f.name])) (names.push(f.name), labels.push(f.label));
  }
  if (isBlank(values.categoryId) || values.categoryId === ROOT_CATEGORY_ID) (names.push('categoryId'), labels.push(CATEGORY.label));
  const pv = (values.paramValues ?? {}) as Record<string, unknown>;
  for (const p of params) {
    if (!p.isRequired || p.kind === 'bool') continue;
    if (isBlank(pv[paramField(p.baseId)])) (names.push(`paramValues.${paramField(p.baseId)}`), labels.push(paramLabel(p)));
  }
  return { names, labels };
}

interface EditorProps {
  isNew: boolean;
  record: RaRecord | undefined;
  categoryPath: string;
}

function ItemForm({ isNew, record, categoryPath }: EditorProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const requiredMessage = useRequiredFieldsMessage();
  const { getValues, reset, setError, clearErrors } = useFormContext();
  const { isDirty } = useFormState();
  const type = String(useWatch({ name: 'type' }) ?? 'common');
  const categoryId = useWatch({ name: 'categoryId' }) as string | undefined;
  const { params } = useCategoryParams(categoryId);
  const [showAll, setShowAll] = useState(false);
  const { busy, askDelete, setAskDelete, result, run, removeRecord, resultDialog } = useEditorSave();
  const editorPath = useItemEditorPath();
  const current = useRef<RaRecord | undefined>(record);

  const fields = useMemo(() => editable(type), [type]);
  const required = fields.filter((f) => f.required);
  const optional = fields.filter((f) => !f.required);
  const listPath = (id: unknown) => (id && id !== ROOT_CATEGORY_ID ? productsOfCategoryPath(id) : '/offers');

  async function save(quiet = false): Promise<boolean> {
    const values = getValues() as Record<string, unknown>;
    const typeFields = offerFieldsFor(String(values.type ?? 'common'));
    const missing = missingRequired(values, typeFields.filter((f) => !f.readOnly && !f.group), params);
    clearErrors();
    if (missing.labels.length) {
      missing.names.forEach((n) => setError(n, { type: 'required', message: 'ra.validation.required' }));
      notify(requiredMessage(missing.labels), { type: 'error' });
      return false;
    }
    const invalid = typeFields.filter((f) => !f.readOnly && !f.group && registryValidator(f)(values[f.name], values, {} as never));
    if (invalid.length) {
      invalid.forEach((f) => setError(f.name, { type: 'invalid', message: 'admin.validation.invalid' }));
      notify(`${translate('admin.validation.invalid')}: ${invalid.map((f) => translate(f.label)).join(', ')}`, { type: 'error' });
      return false;
    }
    // Only the parameters of the chosen category go with the product; a new product sends no empty ones
    // (the seed: empty values are not sent). An update sends them all, as the server replaces the set.
    const creating = isNew && !current.current;
    const known = new Set(params.map((p) => paramField(p.baseId)));
    const paramValues = Object.fromEntries(Object.entries((values.paramValues ?? {}) as Record<string, unknown>).filter(([k, v]) => known.has(k) && !(creating && isBlank(v))));
    const data = { ...values, paramValues };
    // A toast and the editor stays; a new product's editor becomes the product's own.
    return run(
      async () => {
        const saved = answered(creating ? await dataProvider.create('offers', { data }) : await dataProvider.update('offers', { id: current.current!.id, data, previousData: current.current! })).data;
        current.current = saved;
        await queryClient.invalidateQueries({ queryKey: ['offers'] });
        reset(saved);
        if (creating && !quiet) return editorPath(saved.categoryId, saved.id);
      },
      { toast: quiet ? false : undefined, replace: true },
    );
  }

  // 'delete product?' confirmed: a new product only clears its data; a stored one is deleted.
  const remove = () => {
    const deleted = current.current;
    return removeRecord({
      resource: 'offers',
      id: deleted?.id,
      previousData: deleted,
      onNew: () => reset(newOffer(categoryPath.split(CATEGORY_PATH_SEPARATOR).filter((x) => x && x !== ROOT_CATEGORY_ID).at(-1))),
      onDeleted: () => {
        reset(getValues());
        return listPath(deleted!.categoryId);
      },
    });
  };

  const title = translate(isNew && !current.current ? 'admin.items.new' : 'admin.items.edit');
  const back = listPath(record?.categoryId ?? categoryPath.split(CATEGORY_PATH_SEPARATOR).at(-1));
  const typeChoices = OFFER_TYPES.map((id) => ({ id, name: `resources.offers.options.${id}` }));
  const input = (f: FieldDef, isRequired: boolean) => <FieldInput key={f.name} field={f} validate={isRequired ? [markRequired] : []} />;

  return (
    <Box sx={{ maxWidth: 860 }}>
      <EditorHeader title={title} back={back} onConfirm={() => void save()} confirmDisabled={!isDirty || busy} />
      <EditorCard>
        <Stack spacing={1}>
          <RadioButtonGroupInput source="type" label={TYPE.label} choices={typeChoices} helperText={false} />
          <Divider />
          <Box component="section" aria-labelledby="required-title">
            <Box id="required-title" component="h2" sx={{ typography: 'subtitle1', m: 0, mb: 1 }}>
              {translate('admin.items.required')}
            </Box>
            {required.map((f) => input(f, true))}
          </Box>
          <Box>
            <Button onClick={() => setShowAll((v) => !v)} aria-expanded={showAll}>
              {translate(showAll ? 'admin.items.hide_unrequired' : 'admin.items.show_all')}
            </Button>
          </Box>
          {showAll ? <Box>{optional.map((f) => input(f, false))}</Box> : null}
        </Stack>
      </EditorCard>
      <EditorCard>
        <CategoryTreeInput source="categoryId" label={CATEGORY.label} validate={[markRequired]} />
      </EditorCard>
      <EditorCard>
        <PhotosInput />
      </EditorCard>
      {params.length ? (
        <EditorCard>
          <ParamsInputs params={params} />
        </EditorCard>
      ) : null}
      {current.current ? (
        <EditorCard>
          {/* The item's ingredients (a saved item only: ingredients hang on its id). */}
          <Button component={RouterLink} to={`/ingredients/${categoryPath}/${current.current.id}`} startIcon={<KitchenOutlined />}>
            {translate('admin.items.ingredients')}
          </Button>
        </EditorCard>
      ) : null}
      <EditorActions busy={busy} dirty={isDirty} onDelete={() => setAskDelete(true)} onAccept={() => void save()} />
      <ConfirmDialog open={askDelete} title={translate('admin.items.delete_quest')} text={String(getValues('name') ?? getValues('title') ?? '')} confirmLabel={translate('admin.editor.delete')} onConfirm={() => void remove()} onCancel={() => setAskDelete(false)} danger />
      {resultDialog}
      <UnsavedChangesPrompt dirty={isDirty && !result && !busy} onSave={() => save(true)} />
    </Box>
  );
}

/**
 * /item_editor/{categoryPath}/{itemId} ('new' creates): the product type as radio choices, each with its
 * own fields; the required fields first and the rest behind 'show all'; the parent category tree; up to
 * 10 photos; the category's custom parameters; accept (a toast, the editor stays) and delete with confirmation.
 */
export function ItemEditor() {
  const { categoryPath = ROOT_CATEGORY_ID, itemId = 'new' } = useParams();
  const isNew = itemId === 'new';
  const navigate = useNavigate();
  const translate = useTranslate();
  const { data: record, isPending, error } = useGetOne('offers', { id: itemId, meta: FULL }, { enabled: !isNew, retry: false, refetchOnWindowFocus: false });
  const loaded = useRef(false);
  useEffect(() => {
    if (record) loaded.current = true;
    if (error && !loaded.current) navigate('/404', { replace: true });
  }, [record, error, navigate]);
  const defaults = useMemo(() => (isNew ? newOffer(categoryPath.split(CATEGORY_PATH_SEPARATOR).filter((x) => x && x !== ROOT_CATEGORY_ID).at(-1)) : undefined), [isNew, categoryPath]);
  if (!isNew && (isPending || !record)) return <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />;
  return (
    <Form key={itemId} record={isNew ? defaults : record} resource="offers" noValidate onSubmit={() => undefined}>
      <ItemForm isNew={isNew} record={isNew ? undefined : record} categoryPath={categoryPath} />
    </Form>
  );
}

export default function ItemEditorPage() {
  return (
    <Authenticated>
      <ItemEditor />
    </Authenticated>
  );
}
