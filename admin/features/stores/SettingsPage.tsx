import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router';
import { useFormContext } from 'react-hook-form';
import { useEditorDirty } from '../../components/useEditorDirty';
import { Authenticated, BooleanInput, Form, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { AppBar, Box, Button, CircularProgress, Dialog, IconButton, LinearProgress, List, ListItemButton, ListItemIcon, ListItemText, Tab, Tabs, Toolbar, Typography, useScrollTrigger } from '@mui/material';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import ChecklistOutlined from '@mui/icons-material/ChecklistOutlined';
import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import KitchenOutlined from '@mui/icons-material/KitchenOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { CONTROLS, REQUIRED_ORDER_FIELDS, RICH_TEXT_PAGES, THEME_COLOURS, isBlank, storeSchema, type FieldDef } from '../../../schemas';
import { FieldInput } from '../../components/fieldWidgets';
import { BrandColours } from './BrandColours';
import { StoreImageInput } from './StoreImageInput';
import { DomainStatus } from './DomainStatus';
import { registryValidator } from '../../components/validation';
import { markRequired } from '../catalogue/ParamsInputs';
import { ConfirmDialog, EditorCard, EditorFooter, EditorHeader, ResultDialog, UnsavedChangesPrompt } from '../../components/EditorParts';
import { useEditorServices } from '../../components/useEditorServices';

const RichTextEditor = lazy(() => import('../../components/RichTextEditor'));

export const SETTINGS_PAGES = [...RICH_TEXT_PAGES, 'common_settings'] as const;
export type SettingsPageName = (typeof SETTINGS_PAGES)[number];
const isPage = (p: unknown): p is SettingsPageName => (SETTINGS_PAGES as readonly string[]).includes(String(p));

const byName = new Map(storeSchema.fields.map((f) => [f.name, f]));
/** The store's own settings fields on common_settings: writable, not grouped, not pictures or rich-text pages. */
export const COMMON_FIELDS = storeSchema.fields.filter((f) => !f.readOnly && !f.group && f.type !== 'image' && f.type !== 'wysiwyg');
const SECRET_HELP = 'admin.settings.secret_hint';
/** The shop's pictures (logo, favicon): a file or a link each (StoreImageInput). */
const IMAGE_FIELDS = storeSchema.fields.filter((f) => !f.readOnly && !f.group && f.type === 'image');

/** A card of the settings: a section named by its heading. */
function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <EditorCard>
      <Box component="section" aria-labelledby={id}>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate(title)}
        </Typography>
        {children}
      </Box>
    </EditorCard>
  );
}

/** The links of common_settings to the other owner screens. */
function SettingsLinks() {
  const translate = useTranslate();
  const links = [
    ['/banner_settings', 'admin.menu.banners', <ViewCarouselOutlined key="b" />],
    ['/filter_editor/category/0', 'admin.menu.filters', <FilterListOutlined key="f" />],
    ['/ingredient_settings', 'admin.settings.ingredients', <KitchenOutlined key="i" />],
    ['/place_settings', 'admin.settings.places', <PlaceOutlined key="p" />],
  ] as const;
  return (
    <List disablePadding aria-label={translate('admin.settings.sections')}>
      {links.map(([to, label, icon]) => (
        <ListItemButton key={to} component={RouterLink} to={to}>
          <ListItemIcon>{icon}</ListItemIcon>
          <ListItemText primary={translate(label)} />
          <ChevronRight color="action" />
        </ListItemButton>
      ))}
    </List>
  );
}

/** The full-screen sub-view 'Обязательные поля': which order fields the customer must fill. */
function RequiredFieldsView() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const title = translate('admin.settings.required_fields');
  return (
    <>
      <Button variant="outlined" startIcon={<ChecklistOutlined />} onClick={() => setOpen(true)}>
        {title}
      </Button>
      <Dialog fullScreen open={open} onClose={() => setOpen(false)} aria-labelledby="required-fields-title" keepMounted>
        <AppBar position="sticky" elevation={1}>
          <Toolbar>
            <IconButton edge="start" color="inherit" onClick={() => setOpen(false)} aria-label={translate('admin.editor.back')}>
              <Close />
            </IconButton>
            <Typography id="required-fields-title" variant="h6" component="h2" sx={{ ml: 1, flex: 1 }}>
              {title}
            </Typography>
            <Button color="inherit" onClick={() => setOpen(false)}>
              {translate('admin.settings.done')}
            </Button>
          </Toolbar>
        </AppBar>
        <Box sx={{ p: 3, maxWidth: 600 }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate('admin.settings.required_fields_hint')}
          </Typography>
          {REQUIRED_ORDER_FIELDS.map(([key]) => (
            <BooleanInput key={key} source={`required_fields.${key}`} label={`resources.orders.fields.${key}`} helperText={false} />
          ))}
        </Box>
      </Dialog>
    </>
  );
}

/** The tabs of common_settings: the shop's own fields, what the customer meets on ordering, and the look. */
const TABS = ['store', 'orders', 'look'] as const;
type SettingsTab = (typeof TABS)[number];

function TabPanel({ tab, current, children }: { tab: SettingsTab; current: SettingsTab; children: ReactNode }) {
  // Every panel stays mounted (hidden): the form keeps their inputs, and the save checks all of them.
  return (
    <div role="tabpanel" id={`settings-panel-${tab}`} aria-labelledby={`settings-tab-${tab}`} hidden={tab !== current}>
      {children}
    </div>
  );
}

function CommonSettings() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: SettingsTab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as SettingsTab) : 'store';
  // The panel's top bar slides away on scrolling down (react-admin's HideOnScroll, the same trigger): the tabs
  // then stick to the very top, else the form showed through the bar's empty place above them (walk 35). The
  // bar is 48 px high at every width (react-admin's dense toolbar): the tabs sat 8-16 px below it before.
  const barHidden = useScrollTrigger();
  return (
    <>
      <EditorCard>
        <SettingsLinks />
      </EditorCard>
      <Box sx={(theme) => ({ position: 'sticky', top: barHidden ? 0 : 48, transition: theme.transitions.create('top'), zIndex: 2, bgcolor: 'background.default', mb: 2 })}>
        <Tabs value={tab} onChange={(_, next: SettingsTab) => setParams(next === 'store' ? {} : { tab: next }, { replace: true })} variant="fullWidth" aria-label={translate('admin.settings.common_settings')}>
          {TABS.map((t) => (
            <Tab key={t} value={t} id={`settings-tab-${t}`} aria-controls={`settings-panel-${t}`} label={translate(`admin.settings.tab.${t}`)} />
          ))}
        </Tabs>
      </Box>
      <TabPanel tab="store" current={tab}>
        <SettingsSection id="store-fields-title" title="admin.settings.store">
          {COMMON_FIELDS.map((f) => (
            <Box key={f.name}>
              <FieldInput field={f} validate={f.required ? [markRequired] : []} />
              {f.name === 'domain' ? <DomainStatus /> : null}
              {f.secret ? (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: -0.5, mb: 1, ml: 1.5 }}>
                  {translate(SECRET_HELP)}
                </Typography>
              ) : null}
            </Box>
          ))}
        </SettingsSection>
        <SettingsSection id="images-title" title="admin.settings.images">
          {IMAGE_FIELDS.map((f) => (
            <StoreImageInput key={f.name} field={f} />
          ))}
        </SettingsSection>
      </TabPanel>
      <TabPanel tab="orders" current={tab}>
        <SettingsSection id="controls-title" title="admin.settings.controls">
          {CONTROLS.map(([key]) => (
            <BooleanInput key={key} source={`controls.${key}`} label={`resources.stores.controls.${key}`} helperText={false} />
          ))}
          <Box sx={{ mt: 1 }}>
            <RequiredFieldsView />
          </Box>
        </SettingsSection>
      </TabPanel>
      <TabPanel tab="look" current={tab}>
        <SettingsSection id="palette-title" title="admin.settings.palette">
          <BrandColours />
        </SettingsSection>
      </TabPanel>
    </>
  );
}

function RichPage({ page }: { page: SettingsPageName }) {
  const translate = useTranslate();
  return (
    <EditorCard>
      <Suspense fallback={<LinearProgress />}>
        <RichTextEditor source={page} label={false} ariaLabel={translate(`resources.stores.fields.${page}`)} minHeight={200} fullWidth />
      </Suspense>
    </EditorCard>
  );
}

/** The seed's required check of common_settings: every required text field non-empty after trimming. */
export function missingStoreFields(values: Record<string, unknown>): FieldDef[] {
  return COMMON_FIELDS.filter((f) => f.required && isBlank(values[f.name]));
}

function SettingsForm({ page, record }: { page: SettingsPageName; record: RaRecord }) {
  const { translate, notify, dataProvider, queryClient, requiredMessage, invalidMessage } = useEditorServices();
  const { getValues, reset } = useFormContext();
  const isDirty = useEditorDirty();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'error'; message?: string } | null>(null);
  const common = page === 'common_settings';

  /** Checks first (nothing is sent when they fail), then asks 'settings_quest'. */
  const confirm = () => {
    const values = getValues() as Record<string, unknown>;
    if (common) {
      const missing = missingStoreFields(values);
      if (missing.length) {
        notify(requiredMessage(missing.map((f) => f.label)), { type: 'error' });
        return;
      }
      const invalid = COMMON_FIELDS.filter((f) => registryValidator(f)(values[f.name], values, {} as never));
      // The seed's own message for a malformed order e-mail.
      if (invalid.some((f) => f.type === 'email')) {
        notify('admin.settings.invalid_email', { type: 'error' });
        return;
      }
      const badColours = THEME_COLOURS.filter(([name]) => registryValidator(byName.get(name)!)((values.colors as Record<string, unknown>)?.[name], values, {} as never));
      if (invalid.length || badColours.length) {
        notify(invalidMessage([...invalid.map((f) => f.label), ...badColours.map(([n]) => `resources.stores.colors.${n}`)]), { type: 'error' });
        return;
      }
    }
    setAsking(true);
  };

  async function save(): Promise<boolean> {
    setAsking(false);
    setBusy(true);
    try {
      const { data } = await dataProvider.update('stores', { id: record.id, data: getValues(), previousData: record, meta: common ? undefined : { page } });
      await queryClient.invalidateQueries({ queryKey: ['stores'] });
      reset(data);
      notify('admin.editor.saved', { type: 'success' });
      return true;
    } catch (e) {
      const err = e as Error & { body?: { error?: { fields?: { label?: string; field?: string }[] } } };
      const labels = (err.body?.error?.fields ?? []).map((x) => (typeof x === 'object' && x?.label ? translate(x.label) : String(x?.field ?? x)));
      setResult({ kind: 'error', message: `${translate(err.message, { _: err.message })}${labels.length ? `: ${labels.join(', ')}` : ''}` });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const title = translate(common ? 'admin.settings.common_settings' : `resources.stores.fields.${page}`);
  return (
    <Box sx={{ maxWidth: 900 }}>
      <EditorHeader title={title} back="/" onConfirm={confirm} confirmDisabled={!isDirty || busy} />
      {common ? <CommonSettings /> : <RichPage page={page} />}
      {/* One save for every tab, always in reach at the bottom of the window. */}
      <Box sx={{ position: 'sticky', bottom: 0, zIndex: 2, bgcolor: 'background.default', pt: 1 }}>
        <EditorFooter>
          <span />
          <Button variant="contained" onClick={confirm} disabled={!isDirty || busy} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}>
            {translate('admin.editor.accept')}
          </Button>
        </EditorFooter>
      </Box>
      <ConfirmDialog open={asking} title={translate('admin.settings.settings_quest')} text={translate('admin.settings.settings_quest_text')} confirmLabel={translate('admin.editor.send')} onConfirm={() => void save()} onCancel={() => setAsking(false)} />
      <ResultDialog result={result?.kind ?? null} message={result?.message} onContinue={() => setResult(null)} />
      <UnsavedChangesPrompt
        dirty={isDirty && !busy && !asking}
        onSave={async () => {
          if (common && missingStoreFields(getValues()).length) {
            confirm();
            return false;
          }
          return save();
        }}
      />
    </Box>
  );
}

/** Asks for the store afresh: the settings start from what the server holds. */
const FRESH = { fresh: true };

function Settings({ page }: { page: SettingsPageName }) {
  const translate = useTranslate();
  const { data: record, isPending } = useGetOne('stores', { id: 'current', meta: FRESH }, { refetchOnWindowFocus: false });
  if (isPending || !record) return <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />;
  return (
    <Form key={page} record={record} resource="stores" noValidate onSubmit={() => undefined}>
      <SettingsForm page={page} record={record} />
    </Form>
  );
}

/**
 * /settings/{pageName}: about_company, delivery, payment and contacts are one rich-text page each;
 * common_settings holds every store field, the element toggles, the 'Обязательные поля' sub-view and the
 * palette of 46 colours. The confirm button stays off while nothing changed; sending asks 'settings_quest'.
 * Any other page name goes to /404.
 */
export default function SettingsPage() {
  const { pageName } = useParams();
  if (!isPage(pageName)) return <Navigate to="/404" replace />;
  return (
    <Authenticated>
      <Settings page={pageName} />
    </Authenticated>
  );
}
