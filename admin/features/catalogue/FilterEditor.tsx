import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Authenticated, useGetOne } from 'react-admin';
import { Alert, Box, CircularProgress, FormControlLabel, IconButton, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { PARAM_KINDS, ROOT_CATEGORY_ID, fieldByName, paramSchema, type ParamKind } from '../../../schemas';
import { ConfirmDialog, EditorCard, EditorActions, EditorHeader, UnsavedChangesPrompt } from '../../components/EditorParts';
import { useEditorServices } from '../../components/useEditorServices';
import { useEditorSave } from '../../components/useEditorSave';
import { useDraft, useLeaveWhenMissing } from '../../components/useDraft';
import { answered, quietWhenSignedOut } from '../../components/editorWork';
import { registryValidator } from '../../components/validation';
import { categoryOfPath, filterName } from './FilterList';
import { canRemoveValue, draftOf, newFilter, withKind, withValueRemoved, withValueTyped, type FilterDraft } from './filterModel';

const F = {
  name: fieldByName(paramSchema, 'name'),
  kind: fieldByName(paramSchema, 'kind'),
  isRequired: fieldByName(paramSchema, 'isRequired'),
  unit: fieldByName(paramSchema, 'unit'),
  sort: fieldByName(paramSchema, 'sort'),
};

/**
 * /filter_editor/category/{categoryPath}/filter/{filterId} ('new' creates): name, kind (fixed once the
 * filter exists), the required flag, unit, order and, for a list, its values — typing in the last row adds
 * an empty one, new rows get ids ending in '$', a row can go only while more than one is left. Save and
 * delete disable the buttons and return to the filter list.
 */
function Editor() {
  const { categoryPath = ROOT_CATEGORY_ID, filterId = 'new' } = useParams();
  const isNew = filterId === 'new';
  const { translate, notify, dataProvider, queryClient, requiredMessage, invalidMessage } = useEditorServices();
  const navigate = useNavigate();
  const { data: record, isPending, error } = useGetOne('offers_params', { id: filterId, meta: { full: true } }, { enabled: !isNew, retry: false, refetchOnWindowFocus: false });
  const initial = useMemo(() => (isNew ? newFilter() : record ? draftOf(record) : null), [isNew, record]);
  const { draft, setDraft, setSaved, dirty, set } = useDraft<FilterDraft>(initial);
  const left = useLeaveWhenMissing(error);
  const { busy, askDelete, setAskDelete, run, removeRecord, resultDialog } = useEditorSave();

  const list = `/filter_editor/category/${categoryPath}`;
  const common = !!record?.common;

  async function save(quiet = false): Promise<boolean> {
    if (!draft) return false;
    if (!draft.name.trim()) {
      notify(requiredMessage([F.name.label]), { type: 'error' });
      return false;
    }
    const bad = [F.unit, F.sort].filter((f) => registryValidator(f)(draft[f.name as 'unit' | 'sort'], {}, {} as never));
    if (bad.length) {
      notify(invalidMessage(bad.map((f) => f.label)), { type: 'error' });
      return false;
    }
    const data = {
      name: draft.name.trim(),
      kind: draft.kind,
      isRequired: draft.isRequired,
      unit: draft.unit.trim(),
      sort: draft.sort === '' ? 0 : Number(draft.sort),
      categoryId: isNew ? categoryOfPath(categoryPath) : record!.categoryId,
      values: draft.kind === 'select' ? draft.values.filter((v) => v.name.trim() !== '') : [],
      deletedValues: draft.deletedValues,
    };
    // As it always did: a toast, and back to the category's filter list (the filters are edited as a list).
    // A signed-out session's error ('token error') is thrown on (the seed), not shown: the panel goes to its sign-in page.
    return run(
      async () => {
        if (isNew) answered(await dataProvider.create('offers_params', { data }));
        else answered(await dataProvider.update('offers_params', { id: filterId, data, previousData: record! }));
        await queryClient.invalidateQueries({ queryKey: ['offers_params'] });
        setSaved(draft);
        left.current = true;
      },
      quiet ? { rethrowAuth: true, toast: false } : { rethrowAuth: true, then: list, stayBusy: true },
    );
  }

  const remove = () =>
    removeRecord({
      resource: 'offers_params',
      id: isNew ? undefined : filterId,
      previousData: record,
      onNew: () => navigate(list),
      onDeleted: () => {
        left.current = true;
        setSaved(draft);
      },
      then: list,
    });

  if (!draft || (!isNew && isPending)) return <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />;
  const title = isNew ? translate('admin.filters.new') : common ? filterName(record as never, translate) : translate('admin.filters.edit');
  return (
    <Box sx={{ maxWidth: 720 }}>
      <EditorHeader title={title} back={list} onConfirm={common ? undefined : () => void save().catch(quietWhenSignedOut)} confirmDisabled={!dirty || busy} />
      {common ? <Alert severity="info" sx={{ mb: 2 }}>{translate('admin.filters.common_hint')}</Alert> : null}
      <EditorCard>
        <Stack spacing={2}>
          <TextField label={translate(F.name.label)} required value={common ? filterName(record as never, translate) : draft.name} onChange={(e) => set({ name: e.target.value })} disabled={common} slotProps={{ htmlInput: { maxLength: F.name.maxLength } }} fullWidth />
          <TextField
            select
            label={translate(F.kind.label)}
            value={draft.kind}
            onChange={(e) => setDraft((d) => (d ? withKind(d, e.target.value as ParamKind) : d))}
            disabled={!isNew}
            helperText={isNew ? undefined : translate('errors.kind_fixed')}
            fullWidth
          >
            {PARAM_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {translate(`resources.offers_params.kinds.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Switch checked={draft.isRequired} onChange={(e) => set({ isRequired: e.target.checked })} disabled={common} />} label={translate(F.isRequired.label)} />
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField label={translate(F.unit.label)} value={draft.unit} onChange={(e) => set({ unit: e.target.value })} disabled={common} sx={{ flex: '1 1 200px' }} />
            <TextField label={translate(F.sort.label)} type="number" value={draft.sort} onChange={(e) => set({ sort: e.target.value.replace(/[^\d-]/g, '') })} disabled={common} sx={{ flex: '0 1 160px' }} />
          </Box>
        </Stack>
      </EditorCard>
      {draft.kind === 'select' && !common ? (
        <EditorCard>
          <Box component="section" aria-labelledby="values-title">
            <Typography id="values-title" variant="subtitle1" component="h2" gutterBottom>
              {translate('resources.offers_params.fields.values')}
            </Typography>
            <Stack spacing={1}>
              {draft.values.map((v, i) => (
                <Box key={v.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <TextField
                    label={translate('admin.filters.value_n', { n: i + 1 })}
                    value={v.name}
                    onChange={(e) => setDraft((d) => (d ? withValueTyped(d, i, e.target.value) : d))}
                    size="small"
                    fullWidth
                    slotProps={{ htmlInput: { maxLength: 300, 'data-value-id': v.id } }}
                  />
                  <IconButton aria-label={translate('admin.filters.remove_value', { n: i + 1 })} onClick={() => setDraft((d) => (d ? withValueRemoved(d, i) : d))} disabled={!canRemoveValue(draft, i)}>
                    <Close />
                  </IconButton>
                </Box>
              ))}
            </Stack>
          </Box>
        </EditorCard>
      ) : null}
      {common ? null : (
        <EditorActions busy={busy} dirty={dirty} onDelete={() => setAskDelete(true)} onAccept={() => void save().catch(quietWhenSignedOut)} />
      )}
      <ConfirmDialog open={askDelete} title={translate('admin.filters.delete_quest')} text={draft.name} confirmLabel={translate('admin.editor.delete')} onConfirm={() => void remove()} onCancel={() => setAskDelete(false)} danger />
      {resultDialog}
      <UnsavedChangesPrompt dirty={dirty && !busy && !left.current} onSave={() => save(true).catch((e) => (quietWhenSignedOut(e), false))} />
    </Box>
  );
}

export default function FilterEditor() {
  return (
    <Authenticated>
      <Editor />
    </Authenticated>
  );
}
