import { useEffect, useMemo, useRef } from 'react';
import { useParams } from 'react-router';
import { useGetOne } from 'react-admin';
import { Avatar, Box, Button, CircularProgress, FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import { CATEGORY_PATH_SEPARATOR, ROOT_CATEGORY_ID, categorySchema, fieldByName, imageUrlFor } from './categoryShared';
import { useCategoryTree } from '../../components/CategorySelectInput';
import { CategoryTreeRadio, subtreeIds, type TreeCategory } from '../../components/CategoryTreeRadio';
import { ConfirmDialog, EditorCard, EditorActions, EditorHeader, editorPage, UnsavedChangesPrompt } from '../../components/EditorParts';
import { useEditorServices } from '../../components/useEditorServices';
import { useEditorSave } from '../../components/useEditorSave';
import { useDraft, useLeaveWhenMissing } from '../../components/useDraft';
import { answered } from '../../components/editorWork';
import { registryValidator } from '../../components/validation';

interface CategoryForm {
  category: string;
  picture: string;
  /** An icon picked from the owner's files: uploaded on save in the picture's slot. */
  file: File | null;
  sort: string;
  subId: string | null;
  /** Hidden from shoppers with its branch (by a replace import whose feed lacks it, or by the owner). */
  hidden: boolean;
}

const FIELD = {
  category: fieldByName(categorySchema, 'category'),
  picture: fieldByName(categorySchema, 'picture'),
  sort: fieldByName(categorySchema, 'sort'),
  subId: fieldByName(categorySchema, 'subId'),
};

/**
 * /category_editor/{categoryPath}/{editedCategoryId} ('new' creates): name, icon, order and the parent as
 * a tree of radio choices with the root 'Категории'. Save needs a name and a parent ('required_fields_error'
 * otherwise) and stays with a toast; delete asks 'delete_category_quest' (its products go too), then leaves
 * for the tree.
 */
export function CategoryEditor() {
  const { categoryPath = ROOT_CATEGORY_ID, categoryId = 'new' } = useParams();
  const isNew = categoryId === 'new';
  const { translate, notify, dataProvider, queryClient, requiredMessage, invalidMessage } = useEditorServices();
  const { data: tree = [], isPending: treePending } = useCategoryTree();
  const { data: record, isPending: recordPending, error } = useGetOne('offers_category', { id: categoryId }, { enabled: !isNew, retry: false });

  const pathIds = categoryPath.split(CATEGORY_PATH_SEPARATOR).filter((x) => x && x !== ROOT_CATEGORY_ID);
  const initial = useMemo<CategoryForm | null>(() => {
    if (isNew) return { category: '', picture: '', file: null, sort: '', subId: pathIds.at(-1) ?? ROOT_CATEGORY_ID, hidden: false };
    if (!record) return null;
    return { category: String(record.category ?? ''), picture: String(record.picture ?? ''), file: null, sort: record.sort === undefined || record.sort === null ? '' : String(record.sort), subId: String(record.subId ?? ROOT_CATEGORY_ID), hidden: record.hidden === true };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isNew, record, categoryPath]);
  const { draft: values, setDraft: setValues, saved, setSaved, dirty, set } = useDraft(initial);
  const { busy, askDelete, setAskDelete, result, run, removeRecord, resultDialog } = useEditorSave();

  const removed = useLeaveWhenMissing(error);
  const picker = useRef<HTMLInputElement>(null);

  const blocked = useMemo(() => (isNew ? new Set<string>() : subtreeIds(tree as TreeCategory[], categoryId)), [tree, categoryId, isNew]);
  const list = '/offers_category';

  async function save(quiet = false): Promise<boolean> {
    if (!values) return false;
    const missing: string[] = [];
    if (!values.category.trim()) missing.push(FIELD.category.label);
    if (!values.subId) missing.push(FIELD.subId.label);
    if (missing.length) {
      notify(requiredMessage(missing), { type: 'error' });
      return false;
    }
    const invalid = (['category', 'picture', 'sort'] as const).filter((k) => registryValidator(FIELD[k])(values[k], {}, {} as never));
    if (invalid.length) {
      notify(invalidMessage(invalid.map((k) => FIELD[k].label)), { type: 'error' });
      return false;
    }
    const data = { category: values.category.trim(), picture: values.picture.trim(), sort: values.sort === '' ? 0 : Number(values.sort), subId: values.subId, hidden: values.hidden, ...(values.file ? { pictureFile: { rawFile: values.file } } : {}) };
    return run(
      async () => {
        const stored = isNew ? answered(await dataProvider.create('offers_category', { data })).data : answered(await dataProvider.update('offers_category', { id: categoryId, data, previousData: record! })).data;
        await queryClient.invalidateQueries({ queryKey: ['offers_category'] });
        // Hiding takes the branch's products off sale; showing a category shows the ones above it.
        if (values.hidden !== saved?.hidden) await queryClient.invalidateQueries({ queryKey: ['offers'] });
        setSaved(values);
        // A toast and the editor stays; a new category's editor becomes the category's own.
        if (isNew && !quiet) return `/category_editor/${categoryPath}/${stored.id}`;
      },
      { toast: quiet ? false : undefined, replace: true },
    );
  }

  // 'new' only clears the form; a stored category goes with its subtree and their products.
  const remove = () =>
    removeRecord({
      resource: 'offers_category',
      id: isNew ? undefined : categoryId,
      previousData: record,
      onNew: () => setValues(saved),
      onDeleted: () => {
        removed.current = true;
        setSaved(values);
      },
      alsoInvalidate: ['offers'],
      then: list,
    });

  const title = translate(isNew ? 'admin.categories.new' : 'admin.categories.edit');
  const loading = treePending || (!isNew && recordPending) || !values;
  const picked = useMemo(() => (values?.file ? URL.createObjectURL(values.file) : null), [values?.file]);
  useEffect(() => () => void (picked && URL.revokeObjectURL(picked)), [picked]);
  const icon = picked ?? (values?.picture.trim() ? imageUrlFor(values.picture.trim()) : null);

  return (
    <Box sx={{ maxWidth: 720 }}>
      <EditorHeader title={title} back={list} onConfirm={() => void save()} confirmDisabled={!dirty || busy} />
      {loading ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <>
          <EditorCard>
            <Stack spacing={2}>
              <TextField label={translate(FIELD.category.label)} required value={values.category} onChange={(e) => set({ category: e.target.value })} slotProps={{ htmlInput: { maxLength: FIELD.category.maxLength } }} fullWidth autoFocus={isNew} />
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Avatar variant="rounded" src={icon ?? undefined} alt="" sx={{ width: 48, height: 48, bgcolor: 'grey.100' }}>
                  <ImageOutlined color="disabled" />
                </Avatar>
                <TextField
                  label={translate(FIELD.picture.label)}
                  helperText={values.file ? translate('admin.categories.icon_file', { name: values.file.name }) : translate('admin.categories.icon_hint')}
                  value={values.file ? '' : values.picture}
                  onChange={(e) => set({ picture: e.target.value, file: null })}
                  sx={{ flex: '1 1 220px' }}
                />
                <input
                  ref={picker}
                  type="file"
                  hidden
                  accept="image/jpeg,image/png,image/gif,image/webp"
                  aria-label={translate('admin.categories.icon_upload')}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) set({ file });
                    e.target.value = '';
                  }}
                />
                <Button variant="outlined" onClick={() => picker.current?.click()} startIcon={<AddPhotoAlternateOutlined />} sx={{ flex: 'none' }}>
                  {translate('admin.categories.icon_upload')}
                </Button>
              </Box>
              <Box>
                <FormControlLabel control={<Switch checked={!values.hidden} onChange={(e) => set({ hidden: !e.target.checked })} />} label={translate('admin.categories.shown')} />
                <Typography variant="body2" color={values.hidden ? 'warning.main' : 'text.secondary'}>
                  {translate(values.hidden ? 'admin.categories.hidden_help' : 'admin.categories.shown_help')}
                </Typography>
              </Box>
              <TextField label={translate(FIELD.sort.label)} type="number" value={values.sort} onChange={(e) => set({ sort: e.target.value.replace(/[^\d-]/g, '') })} sx={{ maxWidth: 200 }} />
              <CategoryTreeRadio
                label={translate(FIELD.subId.label)}
                categories={tree as TreeCategory[]}
                value={values.subId}
                onChange={(subId) => set({ subId })}
                rootLabel={translate('admin.categories.root')}
                disabledIds={blocked}
                required
              />
            </Stack>
          </EditorCard>
          <EditorActions busy={busy} dirty={dirty} onDelete={() => setAskDelete(true)} onAccept={() => void save()} />
        </>
      )}
      <ConfirmDialog
        open={askDelete}
        title={translate('admin.categories.delete_category_quest')}
        text={translate('admin.categories.delete_category_text', { name: values?.category ?? '' })}
        confirmLabel={translate('admin.editor.delete')}
        onConfirm={() => void remove()}
        onCancel={() => setAskDelete(false)}
        danger
      />
      {resultDialog}
      <UnsavedChangesPrompt dirty={dirty && !result} onSave={() => save(true)} />
    </Box>
  );
}

export default editorPage(CategoryEditor, 'categoryId');
