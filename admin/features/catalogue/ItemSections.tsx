import { useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useDataProvider, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Menu, MenuItem, Stack, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import AddOutlined from '@mui/icons-material/AddOutlined';
import type { FieldDef } from '../../../schemas';
import type { OwnerOfferMethods } from '../../../dataProvider/ownerOffers';
import { FieldInput } from '../../components/fieldWidgets';
import { EditorCard } from '../../components/EditorParts';
import { ParamsInputs, markRequired, useCategoryParams, type ParamRecord } from './ParamsInputs';
import { editorParams } from './paramScope';
import type { ItemSection } from './itemSections';

/** One section of the item editor: a card with its heading (a landmark named by it). */
export function Section({ id, title, children, hint }: { id: ItemSection; title?: string; children: ReactNode; hint?: string }) {
  const translate = useTranslate();
  return (
    <EditorCard>
      <Box component="section" aria-labelledby={`item-${id}`}>
        <Typography id={`item-${id}`} variant="h6" component="h2" sx={{ mb: hint ? 0.5 : 1 }}>
          {title ?? translate(`admin.items.sections.${id}`)}
        </Typography>
        {hint ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {hint}
          </Typography>
        ) : null}
        {children}
      </Box>
    </EditorCard>
  );
}

/** The inputs of some registry fields; required ones carry the '*'. */
export const Inputs = ({ fields }: { fields: FieldDef[] }) => (
  <>
    {fields.map((f) => (
      <FieldInput key={f.name} field={f} validate={f.required ? [markRequired] : []} />
    ))}
  </>
);

/** The base ids of the parameters the category's products use (server/features/catalogue/ownerEdits.ts). */
function useParamUsage(categoryId: unknown) {
  const dataProvider = useDataProvider() as ReturnType<typeof useDataProvider> & OwnerOfferMethods;
  const id = categoryId === undefined || categoryId === null || categoryId === '' || categoryId === '0' ? null : String(categoryId);
  return useQuery({ queryKey: ['offers', 'param_usage', id], queryFn: () => dataProvider.offerParamUsage(id!), enabled: id !== null, staleTime: 30_000 });
}

/**
 * The product's parameters: its category's (paramScope.ts), not every parameter of the shop; the shop's
 * other parameters one click away under "add a parameter". Answers the parameters shown, for the save's
 * required check.
 */
export function useEditorParams(categoryId: unknown) {
  const { params: scope, isPending } = useCategoryParams(categoryId);
  const usage = useParamUsage(categoryId);
  const values = (useWatch({ name: 'paramValues' }) ?? {}) as Record<string, unknown>;
  const [added, setAdded] = useState<Set<string>>(new Set());
  const used = useMemo(() => new Set(usage.data ?? []), [usage.data]);
  const { shown, others } = useMemo(() => editorParams(scope, used, values, added), [scope, used, values, added]);
  const add = (p: ParamRecord) => setAdded((a) => new Set(a).add(String(p.baseId)));
  return { shown, others, add, ready: !isPending && !usage.isPending };
}

export function ParamsSection({ shown, others, add }: ReturnType<typeof useEditorParams>) {
  const translate = useTranslate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  return (
    <Section id="params" hint={translate('admin.items.params_hint')}>
      {shown.length ? <ParamsInputs params={shown} heading={false} /> : <Typography color="text.secondary">{translate('admin.items.no_params')}</Typography>}
      {others.length ? (
        <>
          <Button startIcon={<AddOutlined />} onClick={(e) => setMenu(e.currentTarget)} aria-haspopup="menu" sx={{ mt: 1 }}>
            {translate('admin.items.add_param')}
          </Button>
          <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
            {others.map((p) => (
              <MenuItem
                key={p.id}
                onClick={() => {
                  add(p);
                  setMenu(null);
                }}
              >
                {p.name}
              </MenuItem>
            ))}
          </Menu>
        </>
      ) : null}
    </Section>
  );
}

const plain = (html: unknown, max = 160) =>
  String(html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/**
 * How search engines show the product, and the owner's own title and description for them; empty fields
 * fall back to what the server makes (the name and the shop's, the description: server/features/seo/seo.ts).
 */
export function SeoSection({ fields, address }: { fields: FieldDef[]; address: string }) {
  const translate = useTranslate();
  const [name, title, seoTitle, seoDescription, description] = useWatch({ name: ['name', 'title', 'seo_title', 'seo_description', 'description'] }) as unknown[];
  // An artist.title product is named by its title.
  const made = String(name || title || '');
  const shownTitle = String(seoTitle ?? '').trim() || made;
  const shownDescription = String(seoDescription ?? '').trim() || plain(description);
  return (
    <Section id="seo" hint={translate('admin.items.seo_hint')}>
      <Box role="figure" aria-label={translate('admin.items.seo_preview')} sx={{ p: 2, mb: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.default', overflowWrap: 'anywhere' }}>
        <Typography variant="caption" color="success.main" component="div" sx={{ direction: 'ltr', textAlign: 'start', unicodeBidi: 'isolate' }}>
          {address}
        </Typography>
        <Typography sx={{ color: '#1a0dab', fontSize: 18, lineHeight: 1.3 }}>{shownTitle || translate('admin.items.seo_empty_title')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {shownDescription || translate('admin.items.seo_empty_description')}
        </Typography>
      </Box>
      <Stack>
        <Inputs fields={fields} />
      </Stack>
    </Section>
  );
}

/** The feed's other fields, collapsed: what a YML feed may carry and an owner rarely edits by hand. */
export function MoreSection({ fields }: { fields: FieldDef[] }) {
  const translate = useTranslate();
  if (!fields.length) return null;
  return (
    <Accordion disableGutters sx={{ mb: 2 }} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls="item-more-content" id="item-more">
        <Typography variant="h6" component="h2">
          {translate('admin.items.sections.more', { count: fields.length })}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="item-more-content">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('admin.items.more_hint')}
        </Typography>
        <Inputs fields={fields} />
      </AccordionDetails>
    </Accordion>
  );
}
