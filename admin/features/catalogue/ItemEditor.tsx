import { useEffect, useMemo, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useFormContext, useWatch } from 'react-hook-form';
import { useEditorDirty } from '../../components/useEditorDirty';
import { Authenticated, Form, RadioButtonGroupInput, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { Box, Button, CircularProgress, Divider, Stack } from '@mui/material';
import KitchenOutlined from '@mui/icons-material/KitchenOutlined';
import { CATEGORY_PATH_SEPARATOR, OFFER_TYPES, ROOT_CATEGORY_ID, fieldByName, isBlank, offerFieldsFor, offerSchema, type FieldDef } from '../../../schemas';
import { paramField } from '../../../dataProvider/apiFields';
import type { OwnerOfferMethods } from '../../../dataProvider/ownerOffers';
import { registryValidator } from '../../components/validation';
import { CategoryTreeInput } from '../../components/CategoryTreeInput';
import { ConfirmDialog, EditorCard, EditorActions, EditorHeader, UnsavedChangesPrompt } from '../../components/EditorParts';
import { useEditorServices } from '../../components/useEditorServices';
import { useEditorSave } from '../../components/useEditorSave';
import { answered } from '../../components/editorWork';
import { productsOfCategoryPath } from './CategoryList';
import { useItemEditorPath } from './itemPaths';
import { PhotosInput, type PhotoValue } from './PhotosInput';
import { markRequired, paramLabel, type ParamRecord } from './ParamsInputs';
import { arrangedOrder } from './photoOrder';
import { fieldsBySection } from './itemSections';
import { ItemVariants } from './ItemVariants';
import { OwnerFieldsNote } from './OwnerFieldsNote';
import { Inputs, MoreSection, ParamsSection, Section, SeoSection, useEditorParams } from './ItemSections';

const TYPE = fieldByName(offerSchema, 'type');
const CATEGORY = fieldByName(offerSchema, 'categoryId');

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
  const { translate, notify, dataProvider, queryClient, requiredMessage, invalidMessage } = useEditorServices<OwnerOfferMethods>();
  const { getValues, reset, setError, clearErrors } = useFormContext();
  const isDirty = useEditorDirty();
  const type = String(useWatch({ name: 'type' }) ?? 'common');
  const categoryId = useWatch({ name: 'categoryId' }) as string | undefined;
  const editorParams = useEditorParams(categoryId);
  const params = editorParams.shown;
  const { busy, askDelete, setAskDelete, result, run, removeRecord, resultDialog } = useEditorSave();
  const editorPath = useItemEditorPath();
  const current = useRef<RaRecord | undefined>(record);

  const sections = useMemo(() => fieldsBySection(type), [type]);
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
      notify(invalidMessage(invalid.map((f) => f.label)), { type: 'error' });
      return false;
    }
    // Only the parameters shown go with the product; a new product sends no empty ones (the seed: empty
    // values are not sent). An update sends them all, as the server replaces the set.
    const creating = isNew && !current.current;
    const known = new Set(params.map((p) => paramField(p.baseId)));
    const paramValues = Object.fromEntries(Object.entries((values.paramValues ?? {}) as Record<string, unknown>).filter(([k, v]) => known.has(k) && !(creating && isBlank(v))));
    const data = { ...values, paramValues };
    const photos = (values.images ?? []) as PhotoValue[];
    // A toast and the editor stays; a new product's editor becomes the product's own.
    return run(
      async () => {
        let saved = answered(creating ? await dataProvider.create('offers', { data }) : await dataProvider.update('offers', { id: current.current!.id, data, previousData: current.current! })).data;
        // The pictures in the order the owner arranged them (the save puts new ones last).
        const order = arrangedOrder(photos, (saved.images ?? []) as { id: string }[]);
        if (order) {
          await dataProvider.offerImagesOrder(String(saved.id), order);
          const byId = new Map((saved.images as { id: string }[]).map((i) => [String(i.id), i]));
          saved = { ...saved, images: order.map((id) => byId.get(id)) };
        }
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
  const storefrontAddress = `${window.location.host}/category/${categoryPath}/item/${current.current?.id ?? '…'}`;

  return (
    <Box sx={{ maxWidth: 860 }}>
      <EditorHeader title={title} back={back} onConfirm={() => void save()} confirmDisabled={!isDirty || busy} />
      {current.current ? <OwnerFieldsNote id={String(current.current.id)} /> : null}
      <Section id="main">
        <Stack spacing={1}>
          <RadioButtonGroupInput source="type" label={TYPE.label} choices={typeChoices} helperText={false} />
          <Divider />
          <Box>
            <Inputs fields={sections.main} />
          </Box>
          <CategoryTreeInput source="categoryId" label={CATEGORY.label} validate={[markRequired]} />
        </Stack>
      </Section>
      {sections.description.length ? (
        <Section id="description">
          <Inputs fields={sections.description} />
        </Section>
      ) : null}
      <EditorCard>
        <PhotosInput />
      </EditorCard>
      <Section id="price">
        <Inputs fields={sections.price} />
      </Section>
      <Section id="stock" hint={translate('admin.items.stock_hint')}>
        <Inputs fields={sections.stock} />
      </Section>
      <Section id="delivery">
        <Inputs fields={sections.delivery} />
      </Section>
      <ParamsSection {...editorParams} />
      <ItemVariants record={record} />
      <SeoSection fields={sections.seo} address={storefrontAddress} />
      <MoreSection fields={sections.more} />
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
 * /item_editor/{categoryPath}/{itemId} ('new' creates), in sections (itemSections.ts): the main one (the
 * product type as radio choices, each with its own fields, the name, vendor, whether the shop shows it, the
 * category tree), the description, up to 10 photos in the owner's order, the price, the stock, delivery,
 * the category's parameters (paramScope.ts), how search engines show it, and the feed's other fields
 * collapsed under "more"; accept (a toast, the editor stays) and delete (asked first).
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
