import { useEffect, useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useFormContext } from 'react-hook-form';
import { useEditorDirty } from '../../components/useEditorDirty';
import { Authenticated, Form, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { Box, CircularProgress } from '@mui/material';
import { ROOT_CATEGORY_ID, fieldByName, itemIngredientSchema, validateFields } from '../../../schemas';
import { EditorActions, EditorCard, EditorHeader, UnsavedChangesPrompt } from '../../components/EditorParts';
import { useEditorServices } from '../../components/useEditorServices';
import { useEditorSave } from '../../components/useEditorSave';
import { FieldInput } from '../../components/fieldWidgets';
import { saveOnEnter } from '../../components/SchemaRecordEditor';
import { itemIngredientPaths, useItemIngredients } from './ItemIngredients';

const QUANTITY = fieldByName(itemIngredientSchema, 'quantity');

function QuantityForm({ itemId, ingredient, link, paths }: { itemId: string; ingredient: RaRecord; link: RaRecord | undefined; paths: ReturnType<typeof itemIngredientPaths> }) {
  const { translate, notify, dataProvider, queryClient, requiredMessage, invalidMessage } = useEditorServices();
  const { getValues, reset, trigger } = useFormContext();
  const isDirty = useEditorDirty();
  const { busy, result, run, resultDialog } = useEditorSave();

  async function save(quiet = false): Promise<boolean> {
    const { values, errors } = validateFields([QUANTITY], { quantity: getValues('quantity') });
    if (errors.length) {
      await trigger();
      notify(errors[0].code === 'required' ? requiredMessage([QUANTITY.label]) : invalidMessage([QUANTITY.label]), { type: 'error' });
      return false;
    }
    const data = { offerId: itemId, ingredientId: Number(ingredient.id), quantity: values.quantity };
    // Back to this item's ingredients with a toast: this screen is one step of adding an ingredient to the item
    // (the seed went to /ingredient_settings, the shop's list, which does not show what was just added to the item).
    return run(
      async () => {
        const saved = link ? await dataProvider.update('item_ingredients', { id: link.id, data, previousData: link }) : await dataProvider.create('item_ingredients', { data });
        await queryClient.invalidateQueries({ queryKey: ['item_ingredients'] });
        reset({ quantity: saved.data.quantity });
      },
      quiet ? { toast: false } : { then: paths.list },
    );
  }

  return (
    <Box sx={{ maxWidth: 560 }}>
      <EditorHeader title={translate('admin.ingredients.quantity_title', { name: ingredient.name ?? '' })} back={link ? paths.list : paths.pick} onConfirm={() => void save()} confirmDisabled={!isDirty || busy} />
      <EditorCard>
        <Box onKeyDown={(e) => saveOnEnter(e, isDirty && !busy, () => void save())}>
          <FieldInput field={QUANTITY} />
        </Box>
      </EditorCard>
      <EditorActions busy={busy} dirty={isDirty} onAccept={() => void save()} acceptLabel="admin.editor.save" />
      {resultDialog}
      <UnsavedChangesPrompt dirty={isDirty && !result && !busy} onSave={() => save(true)} />
    </Box>
  );
}

function Quantity() {
  const { categoryPath = ROOT_CATEGORY_ID, itemId = '', ingredientId = 'new' } = useParams();
  const translate = useTranslate();
  const navigate = useNavigate();
  const paths = itemIngredientPaths(categoryPath, itemId);
  const isNew = ingredientId === 'new';
  const { data: ingredient, error } = useGetOne('ingredients', { id: ingredientId }, { enabled: !isNew, retry: false, refetchOnWindowFocus: false });
  const { data: links, isPending } = useItemIngredients(itemId, { ingredientId: isNew ? -1 : ingredientId });
  useEffect(() => {
    if (error && !ingredient) navigate('/404', { replace: true });
  }, [error, ingredient, navigate]);
  const link = links?.[0];
  const record = useMemo(() => ({ quantity: link?.quantity ?? undefined }), [link]);
  // The seed's pick list opens '.../new': with no ingredient named, choose one first.
  if (isNew) return <Navigate to={paths.pick} replace />;
  if (!ingredient || isPending) return <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />;
  return (
    // Keyed by the ingredient only: the row a first save creates must not remount the form.
    <Form key={ingredientId} record={record} resource="item_ingredients" noValidate onSubmit={() => undefined}>
      <QuantityForm itemId={itemId} ingredient={ingredient} link={link} paths={paths} />
    </Form>
  );
}

/**
 * /ingredients/ingredient/{categoryPath}/{itemId}/{ingredientId}: how much of one ingredient the item
 * holds — one quantity field (kg) and save, which creates or updates the item's row (REST item_ingredients)
 * and returns to the item's ingredient list.
 */
export default function ItemIngredientQuantity() {
  return (
    <Authenticated>
      <Quantity />
    </Authenticated>
  );
}
