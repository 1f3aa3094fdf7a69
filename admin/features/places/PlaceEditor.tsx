import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useCreate, useDelete, useGetOne, useLocaleState, type RaRecord } from 'react-admin';
import { FormProvider, useForm } from 'react-hook-form';
import { Autocomplete, Box, Button, ButtonBase, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import PentagonOutlined from '@mui/icons-material/PentagonOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useUpdate } from 'react-admin';
import { ConfirmDialog, EditorActions, EditorCard, EditorHeader, editorPage, ResultDialog, UnsavedChangesPrompt } from '../../components/EditorParts';
import { useEditorServices } from '../../components/useEditorServices';
import { ColourInput } from '../../components/ColourInput';
import { WeekScheduleInput } from './WeekScheduleInput';
import { suggestCountries } from './countries';
import { ZONE_AMOUNTS, checkDraft, clearDraft, draftFromRecord, loadDraft, newPlaceDraft, restData, sameDraft, storeDraft, type PlaceDraft } from './placeDraft';

const label = (name: string) => `resources.places.fields.${name}`;

/** A read-only value that opens its map: the address and the delivery zone. */
function MapLink({ icon, title, value, hint, onClick }: { icon: ReactNode; title: string; value?: string; hint: string; onClick: () => void }) {
  return (
    <ButtonBase
      onClick={onClick}
      aria-label={`${title}: ${value ? `${value}. ` : ''}${hint}`}
      sx={{ width: '100%', display: 'flex', alignItems: 'center', gap: 1.5, textAlign: 'left', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, '&:hover': { bgcolor: 'action.hover' } }}
    >
      <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {title}
        </Typography>
        {value ? <Typography sx={{ overflowWrap: 'anywhere' }}>{value}</Typography> : null}
        <Typography variant="body2" color="primary">
          {hint}
        </Typography>
      </Box>
      <ChevronRight color="action" />
    </ButtonBase>
  );
}

/** The zone colour through the palette's own input (hex + transparency), in a one-field form of its own. */
function ZoneColour({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const methods = useForm({ defaultValues: { color: value } });
  useEffect(() => {
    const sub = methods.watch((v) => typeof v.color === 'string' && v.color !== '' && onChange(v.color));
    return () => sub.unsubscribe();
  }, [methods, onChange]);
  useEffect(() => {
    if (methods.getValues('color') !== value) methods.setValue('color', value);
  }, [methods, value]);
  return (
    <FormProvider {...methods}>
      <ColourInput source="color" label={label('color')} />
    </FormProvider>
  );
}

function Editor() {
  const { placeId = 'new' } = useParams();
  const isNew = placeId === 'new';
  const { translate, notify, queryClient, requiredMessage, invalidMessage } = useEditorServices();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const [create] = useCreate();
  const [update] = useUpdate();
  const [doDelete] = useDelete();
  const { data: record, isPending, error } = useGetOne('places', { id: placeId }, { enabled: !isNew, retry: false, refetchOnWindowFocus: false });
  // The shop's own terms, which an empty zone field keeps (walk 35: 'Пустое поле — как в настройках магазина' said
  // not what those were): shown under each empty field. 0 is a price (free delivery) but no free-from sum or minimum.
  const { data: shop } = useGetOne('stores', { id: 'current' }, { retry: false, refetchOnWindowFocus: false });
  const shopTerm = (name: (typeof ZONE_AMOUNTS)[number]) => {
    const n = Number(shop?.[name] ?? NaN);
    if (!shop || !Number.isFinite(n)) return undefined;
    return translate('admin.places.shop_value', { value: n > 0 || name === 'delivery_cost' ? `${n.toLocaleString(locale)} ₽` : '—' });
  };
  const base = useMemo<PlaceDraft | null>(() => (isNew ? newPlaceDraft() : record ? draftFromRecord(record) : null), [isNew, record]);
  const [draft, setDraft] = useState<PlaceDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState<string | null>(null);
  const [askDelete, setAskDelete] = useState(false);
  const [result, setResult] = useState<{ kind: 'error'; message?: string } | null>(null);
  const done = useRef(false);

  // The draft: what the maps left in the session, else the stored place.
  useEffect(() => {
    if (base && !draft) setDraft(loadDraft(placeId) ?? base);
  }, [base, draft, placeId]);
  const dirty = !!draft && !!base && !sameDraft(draft, base);
  // Unsaved changes live in the session while the editor is open (the maps read and extend them)…
  useEffect(() => {
    if (!draft || done.current) return;
    if (dirty) storeDraft(placeId, draft);
    else clearDraft(placeId);
  }, [draft, dirty, placeId]);
  // …and are dropped when the owner leaves for anywhere but the maps (after the unsaved-changes prompt).
  const toMap = useRef(false);
  useEffect(
    () => () => {
      if (!toMap.current) clearDraft(placeId);
    },
    [placeId],
  );
  useEffect(() => {
    if (!leaving) return;
    toMap.current = true;
    navigate(leaving);
  }, [leaving, navigate]);

  const set = (patch: Partial<PlaceDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));
  const setColour = useMemo(() => (color: string) => setDraft((d) => (d && d.color !== color ? { ...d, color } : d)), []);
  const openMap = (path: string) => {
    if (draft) storeDraft(placeId, draft);
    setLeaving(path);
  };

  /** A toast and the editor stays; a new place's editor becomes the place's own. Quiet: the unsaved-changes prompt's save before leaving. */
  async function save(quiet = false): Promise<boolean> {
    if (!draft) return false;
    const errors = checkDraft(draft);
    const missing = errors.filter((e) => e.code === 'required');
    if (missing.length) {
      notify(requiredMessage(missing.map((e) => e.label)), { type: 'error' });
      return false;
    }
    if (errors.length) {
      notify(invalidMessage(errors.map((e) => e.label)), { type: 'error' });
      return false;
    }
    setBusy(true);
    try {
      const data = restData(draft);
      const stored = isNew ? await create('places', { data }, { returnPromise: true }) : await update('places', { id: placeId, data, previousData: record as RaRecord }, { mutationMode: 'pessimistic', returnPromise: true });
      // Refetched before going on: the stored place becomes the editor's base, so nothing is unsaved.
      await queryClient.invalidateQueries({ queryKey: ['places'] });
      clearDraft(placeId);
      if (!quiet) notify('admin.editor.saved', { type: 'success' });
      if (isNew) {
        done.current = true;
        if (!quiet) setLeaving(`/place_settings/place/${(stored as RaRecord).id}`);
      }
      setBusy(false);
      return true;
    } catch (e) {
      setResult({ kind: 'error', message: translate((e as Error).message, { _: (e as Error).message }) });
      setBusy(false);
      return false;
    }
  }

  async function remove() {
    setAskDelete(false);
    done.current = true;
    clearDraft(placeId);
    if (isNew) {
      navigate('/place_settings');
      return;
    }
    setBusy(true);
    try {
      await doDelete('places', { id: placeId, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      await queryClient.invalidateQueries({ queryKey: ['places'] });
      notify('admin.editor.deleted', { type: 'success' });
      navigate('/place_settings');
    } catch (e) {
      done.current = false;
      setResult({ kind: 'error', message: translate((e as Error).message, { _: (e as Error).message }) });
      setBusy(false);
    }
  }

  if (!isNew && error && !done.current)
    return (
      <Box sx={{ maxWidth: 760 }}>
        <EditorHeader title={translate('admin.places.edit')} back="/place_settings" />
        <EditorCard>
          <Typography>{translate('admin.places.not_found')}</Typography>
        </EditorCard>
      </Box>
    );
  if (!draft || (!isNew && isPending)) return <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />;
  const title = translate(isNew ? 'admin.places.new' : 'admin.places.edit');
  const zonePoints = draft.coords.length;
  return (
    <Box sx={{ maxWidth: 760 }}>
      <EditorHeader title={title} back="/place_settings" onConfirm={() => void save()} confirmDisabled={!dirty || busy} />
      <EditorCard>
        <Stack spacing={2}>
          <Autocomplete
            freeSolo
            options={suggestCountries(locale, draft.country)}
            filterOptions={(o) => o}
            inputValue={draft.country}
            onInputChange={(_, v) => set({ country: v.slice(0, 100) })}
            renderInput={(params) => <TextField {...params} label={translate(label('country'))} />}
          />
          <TextField label={translate(label('city'))} value={draft.city} onChange={(e) => set({ city: e.target.value })} slotProps={{ htmlInput: { maxLength: 100 } }} fullWidth />
          <TextField label={translate(label('name'))} required value={draft.name} onChange={(e) => set({ name: e.target.value })} slotProps={{ htmlInput: { maxLength: 200 } }} fullWidth />
          <TextField label={translate(label('phone'))} type="tel" value={draft.phone} onChange={(e) => set({ phone: e.target.value.replace(/[^+\d\s()-]/g, '') })} slotProps={{ htmlInput: { maxLength: 30, inputMode: 'tel', dir: 'ltr' } }} fullWidth />
          <MapLink
            icon={<PlaceOutlined />}
            title={translate(label('address'))}
            value={draft.address || undefined}
            hint={translate(draft.address ? 'admin.places.tap_to_change' : 'admin.places.tap_to_add')}
            onClick={() => openMap(`/map/${placeId}`)}
          />
          <MapLink
            icon={<PentagonOutlined />}
            title={translate(label('coords'))}
            value={zonePoints ? translate('admin.places.zone_points', { count: zonePoints, smart_count: zonePoints }) : undefined}
            hint={translate(zonePoints ? 'admin.places.tap_to_change' : 'admin.places.tap_to_add')}
            onClick={() => openMap(`/polygon_map/${placeId}`)}
          />
          <ZoneColour value={draft.color} onChange={setColour} />
          {!isNew ? (
            <Box>
              <Button component={RouterLink} to={`/place_settings/place/${placeId}/place_orders`} startIcon={<ReceiptLongOutlined />} variant="outlined">
                {translate('admin.places.orders')}
              </Button>
            </Box>
          ) : null}
        </Stack>
      </EditorCard>
      <EditorCard>
        <Stack spacing={2} component="section" aria-labelledby="zone-terms">
          <Box>
            <Typography variant="h6" id="zone-terms" component="h2">
              {translate('admin.places.terms')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('admin.places.terms_hint')}
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {ZONE_AMOUNTS.map((name) => (
              <TextField
                key={name}
                label={translate(label(name))}
                value={draft[name]}
                onChange={(e) => set({ [name]: e.target.value.replace(/[^\d.,]/g, '').slice(0, 12) })}
                helperText={draft[name] === '' ? shopTerm(name) : undefined}
                slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' }, input: { endAdornment: <Typography color="text.secondary">₽</Typography> } }}
                fullWidth
              />
            ))}
            <TextField
              label={translate(label('delivery_time'))}
              value={draft.delivery_time}
              placeholder={translate('admin.places.time_hint')}
              onChange={(e) => set({ delivery_time: e.target.value })}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              fullWidth
            />
          </Box>
        </Stack>
      </EditorCard>
      <EditorCard>
        <WeekScheduleInput value={draft.week} onChange={(week) => set({ week })} />
      </EditorCard>
      <EditorActions busy={busy} dirty={dirty} onDelete={() => setAskDelete(true)} onAccept={() => void save()} acceptLabel="admin.editor.save" />
      <ConfirmDialog open={askDelete} title={translate('admin.places.delete_quest')} text={draft.name || undefined} confirmLabel={translate('admin.editor.delete')} onConfirm={() => void remove()} onCancel={() => setAskDelete(false)} danger />
      <ResultDialog result={result?.kind ?? null} message={result?.message} onContinue={() => setResult(null)} />
      <UnsavedChangesPrompt dirty={dirty && !busy && !done.current && !leaving} onSave={() => save(true)} />
    </Box>
  );
}

/** /place_settings/place/{placeId} ('new' creates): the place editor; address and zone are set on their maps. */
export default editorPage(Editor, 'placeId');
