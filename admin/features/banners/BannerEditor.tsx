import { useEffect, useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useGetList, useGetOne, type RaRecord } from 'react-admin';
import { Box, Button, CircularProgress, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import { BANNER_WIDTHS, bannerSchema, fieldByName } from '../../../schemas';
import { ConfirmDialog, EditorCard, EditorActions, EditorHeader, editorPage, UnsavedChangesPrompt } from '../../components/EditorParts';
import { useEditorServices } from '../../components/useEditorServices';
import { useEditorSave } from '../../components/useEditorSave';
import { useDraft, useLeaveWhenMissing } from '../../components/useDraft';
import { answered } from '../../components/editorWork';
import { registryValidator } from '../../components/validation';
import { BannerMedia } from './BannerList';
import { BANNER_ACCEPT, bannerFileKind } from './bannerFiles';
import { LinkPicker } from './LinkPicker';

const F = {
  link: fieldByName(bannerSchema, 'link'),
  image: fieldByName(bannerSchema, 'image'),
  width: fieldByName(bannerSchema, 'width'),
  sort: fieldByName(bannerSchema, 'sort'),
  isDeleteVideo: fieldByName(bannerSchema, 'isDeleteVideo'),
};

interface Draft {
  link: string;
  width: string;
  sort: string;
  file: File | null;
  fileKind: 'image' | 'video' | null;
  isDeleteVideo: boolean;
}

/**
 * /banner_settings/banner/{bannerId} ('new' creates): a picture or a video (uploaded with progress), the
 * width (1, 1/2, 1/3, 1/4, 2/3, 3/4 of the row), the order (a new banner comes last), the link, and
 * deleting the video. Saving says so in a toast and stays (save is off until the next change); a new
 * banner's editor becomes the banner's own. Back goes to /banner_settings.
 */
function Editor() {
  const { bannerId = 'new' } = useParams();
  const isNew = bannerId === 'new';
  const { translate, notify, dataProvider, queryClient, requiredMessage, invalidMessage } = useEditorServices();
  const navigate = useNavigate();
  const { data: record, isPending, error } = useGetOne('shop_banners', { id: bannerId, meta: { full: true } }, { enabled: !isNew, retry: false, refetchOnWindowFocus: false });
  const { data: all, isPending: allPending } = useGetList('shop_banners', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'sort', order: 'ASC' } }, { enabled: isNew });
  const initial = useMemo<Draft | null>(() => {
    if (isNew) return allPending ? null : { link: '', width: String(F.width.default ?? '100'), sort: String((all?.length ?? 0) + 1), file: null, fileKind: null, isDeleteVideo: false };
    if (!record) return null;
    return { link: String(record.link ?? ''), width: String(record.width ?? '100'), sort: String(record.sort ?? 1), file: null, fileKind: null, isDeleteVideo: false };
  }, [isNew, record, all, allPending]);
  // A picked file is a change of its own; the rest compares as JSON.
  const { draft, setDraft, setSaved, dirty, set } = useDraft(initial, { once: true, differ: (d, s) => d.file !== null || JSON.stringify({ ...d, file: null }) !== JSON.stringify({ ...s, file: null }) });
  const left = useLeaveWhenMissing(error);
  const { busy, askDelete, setAskDelete, run, removeRecord, resultDialog } = useEditorSave();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (draft?.file ? URL.createObjectURL(draft.file) : null), [draft?.file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const list = '/banner_settings';

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    const kind = bannerFileKind(file.name);
    if (!kind) {
      notify('errors.unsupported_file', { type: 'error' });
      return;
    }
    set({ file, fileKind: kind, isDeleteVideo: false });
  };

  async function save(quiet = false): Promise<boolean> {
    if (!draft) return false;
    if (isNew && !draft.file) {
      notify(requiredMessage([F.image.label]), { type: 'error' });
      return false;
    }
    const bad = [F.link, F.sort].filter((f) => registryValidator(f)(draft[f.name as 'link' | 'sort'], {}, {} as never));
    if (bad.length) {
      notify(invalidMessage(bad.map((f) => f.label)), { type: 'error' });
      return false;
    }
    const data: Record<string, unknown> = { link: draft.link.trim(), width: draft.width, sort: draft.sort === '' ? undefined : Number(draft.sort), isDeleteVideo: draft.isDeleteVideo };
    if (draft.file && draft.fileKind === 'image') data.image = { rawFile: draft.file };
    if (draft.file && draft.fileKind === 'video') data.video = { rawFile: draft.file };
    // A toast and the editor stays; a new banner's editor becomes the banner's own (its address replaced).
    return run(
      async () => {
        const saved = isNew
          ? answered(await dataProvider.create('shop_banners', { data })).data
          : answered(await dataProvider.update('shop_banners', { id: bannerId, data, previousData: record as RaRecord })).data;
        await queryClient.invalidateQueries({ queryKey: ['shop_banners'] });
        const stored = { ...draft, file: null, fileKind: null, isDeleteVideo: false };
        setDraft(stored);
        setSaved(stored);
        if (isNew && !quiet) return `/banner_settings/banner/${saved.id}`;
      },
      { toast: quiet ? false : undefined, replace: true },
    );
  }

  const remove = () =>
    removeRecord({
      resource: 'shop_banners',
      id: isNew ? undefined : bannerId,
      previousData: record as RaRecord | undefined,
      onNew: () => navigate(list),
      onDeleted: () => {
        left.current = true;
        setSaved(draft);
      },
      then: list,
      stayBusy: true,
    });

  if (!draft || (!isNew && isPending)) return <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />;
  const title = translate(isNew ? 'admin.banners.new' : 'admin.banners.edit');
  const shown = draft.file
    ? { imgSrc: draft.fileKind === 'image' ? preview : null, videoSrc: draft.fileKind === 'video' ? preview : null }
    : { imgSrc: record?.imgSrc, thumbSrc: record?.thumbSrc, videoSrc: draft.isDeleteVideo ? null : record?.videoSrc };
  return (
    <Box sx={{ maxWidth: 720 }}>
      <EditorHeader title={title} back={list} onConfirm={() => void save()} confirmDisabled={!dirty || busy} />
      <EditorCard>
        <Stack spacing={2}>
          <Box sx={{ width: `${draft.width}%`, minWidth: 160, transition: 'width .2s' }}>
            <BannerMedia banner={{ id: bannerId, ...shown }} label={translate('admin.banners.preview')} />
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <input ref={input} type="file" hidden accept={BANNER_ACCEPT} aria-label={translate('admin.banners.pick_file')} onChange={(e) => (pick(e.target.files), (e.target.value = ''))} />
            <Button variant="outlined" startIcon={<AddPhotoAlternateOutlined />} onClick={() => input.current?.click()}>
              {translate('admin.banners.pick_file')}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {draft.file ? draft.file.name : translate('admin.banners.file_hint')}
            </Typography>
          </Box>
          {record?.video && !draft.file ? <FormControlLabel control={<Switch checked={draft.isDeleteVideo} onChange={(e) => set({ isDeleteVideo: e.target.checked })} />} label={translate(F.isDeleteVideo.label)} /> : null}
          <TextField select label={translate(F.width.label)} value={draft.width} onChange={(e) => set({ width: e.target.value })} fullWidth>
            {BANNER_WIDTHS.map(([label, width]) => (
              <MenuItem key={width} value={width}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={translate(F.sort.label)} type="number" value={draft.sort} onChange={(e) => set({ sort: e.target.value.replace(/\D/g, '') })} slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }} sx={{ maxWidth: 200 }} />
          <LinkPicker label={translate(F.link.label)} value={draft.link} onChange={(link) => set({ link })} helperText={translate('admin.banners.link_hint')} />
        </Stack>
      </EditorCard>
      <EditorActions busy={busy} dirty={dirty} onDelete={isNew ? undefined : () => setAskDelete(true)} onAccept={() => void save()} acceptLabel="admin.editor.save" />
      <ConfirmDialog open={askDelete} title={translate('admin.banners.delete_quest')} confirmLabel={translate('admin.editor.delete')} onConfirm={() => void remove()} onCancel={() => setAskDelete(false)} danger />
      {resultDialog}
      <UnsavedChangesPrompt dirty={dirty && !busy && !left.current} onSave={() => save(true)} />
    </Box>
  );
}

export default editorPage(Editor, 'bannerId');
