import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Divider, Stack, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { BRAND_COLOURS, BRAND_PRESETS, THEME_COLOURS, brandColourValues, presetValues, themeVariables, type BrandColourName } from '../../../schemas';
import { ColourInput } from '../../components/ColourInput';

const BRAND = new Set<string>(BRAND_COLOURS.map((b) => b.name));
const v = (name: string) => `var(--color-${name})`;

/** The storefront in small, drawn with the form's colours as they are being chosen. */
function ThemePreview() {
  const translate = useTranslate();
  const colors = (useWatch({ name: 'colors' }) ?? {}) as Record<string, string>;
  return (
    <Box
      role="img"
      aria-label={translate('admin.settings.preview')}
      data-testid="theme-preview"
      style={themeVariables(colors) as React.CSSProperties}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden', fontSize: 14, background: v('background_main'), maxWidth: 420 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, background: v('header_background'), color: v('header_text'), boxShadow: `0 1px 4px ${v('shadow')}` }}>
        <b style={{ flex: 1 }}>{translate('admin.settings.preview_shop')}</b>
        <Box component="span" sx={{ width: 18, height: 18, borderRadius: '50%', border: `2px solid ${v('header_icons')}` }} />
      </Box>
      <Box sx={{ p: 1.5, display: 'flex', gap: 1.5 }}>
        <Box sx={{ flex: 1, p: 1.5, borderRadius: 2, background: v('background_card'), boxShadow: `0 1px 4px ${v('shadow')}` }}>
          <Box sx={{ height: 48, borderRadius: 1, background: v('image_background'), mb: 1 }} />
          <Box sx={{ color: v('text_main') }}>{translate('admin.settings.preview_product')}</Box>
          <Box sx={{ my: 0.5 }}>
            <b style={{ color: v('price') }}>990 ₽</b> <s style={{ color: v('old_price') }}>1 290 ₽</s>{' '}
            <span style={{ background: v('discount_background'), color: v('discount_text'), borderRadius: 4, padding: '0 4px' }}>−23%</span>
          </Box>
          <Box data-testid="preview-buy" sx={{ textAlign: 'center', borderRadius: 1.5, py: 0.75, fontWeight: 600, background: v('client_button_background'), color: v('client_button_text') }}>
            {translate('admin.settings.preview_buy')}
          </Box>
        </Box>
        <Stack spacing={1} sx={{ flex: 1 }}>
          <Box sx={{ borderRadius: 1.5, py: 0.75, textAlign: 'center', background: v('button_background'), color: v('button_text'), border: `1px solid ${v('button_border')}` }}>{translate('admin.settings.preview_button')}</Box>
          <Box sx={{ borderRadius: 1.5, py: 0.75, textAlign: 'center', background: v('active_button_background'), color: v('active_button_text') }}>{translate('admin.settings.preview_active')}</Box>
          <Box sx={{ color: v('links'), textDecoration: 'underline' }}>{translate('admin.settings.preview_link')}</Box>
          <Box sx={{ color: v('text_secondary') }}>{translate('admin.settings.preview_text')}</Box>
        </Stack>
      </Box>
      <Box sx={{ px: 1.5, py: 1, background: v('footer_background'), color: v('footer_text') }}>{translate('admin.settings.preview_footer')}</Box>
    </Box>
  );
}

/**
 * The look of the shop: presets, the six brand colours (each sets the colours that follow it and the text on
 * it), a live preview, and every other colour of the theme under "more".
 */
export function BrandColours() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const apply = (values: Record<string, string>, except?: string) => {
    for (const [name, value] of Object.entries(values)) if (name !== except) setValue(`colors.${name}`, value, { shouldDirty: true });
  };
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {translate('admin.settings.presets')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {Object.entries(BRAND_PRESETS).map(([id, preset]) => (
            <Button key={id} variant="outlined" onClick={() => apply(presetValues(id))} sx={{ gap: 1 }}>
              <Box component="span" aria-hidden="true" sx={{ display: 'inline-flex' }}>
                {BRAND_COLOURS.map((b) => (
                  <Box key={b.name} component="span" sx={{ width: 12, height: 20, background: `rgba(${preset[b.name]})`, border: 1, borderColor: 'divider' }} />
                ))}
              </Box>
              {translate(`admin.settings.preset.${id}`)}
            </Button>
          ))}
        </Stack>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {translate('admin.settings.brand_hint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 420px)' }, alignItems: 'start' }}>
        <Stack divider={<Divider flexItem />} spacing={0.5}>
          {BRAND_COLOURS.map((b) => (
            <ColourInput key={b.name} source={`colors.${b.name}`} label={`resources.stores.colors.${b.name}`} onValue={(value) => apply(brandColourValues(b.name as BrandColourName, value), b.name)} />
          ))}
        </Stack>
        {/* On a phone the preview comes first, above the inputs that change it. */}
        <Box sx={{ position: { md: 'sticky' }, top: { md: 80 }, order: { xs: -1, md: 0 } }}>
          <ThemePreview />
        </Box>
      </Box>
      <Accordion disableGutters variant="outlined">
        <AccordionSummary expandIcon={<ExpandMore />}>{translate('admin.settings.all_colours', { count: THEME_COLOURS.length - BRAND.size })}</AccordionSummary>
        <AccordionDetails>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('admin.settings.palette_hint')}
          </Typography>
          <Stack divider={<Divider flexItem />} spacing={0.5}>
            {THEME_COLOURS.filter(([name]) => !BRAND.has(name)).map(([name]) => (
              <ColourInput key={name} source={`colors.${name}`} label={`resources.stores.colors.${name}`} />
            ))}
          </Stack>
        </AccordionDetails>
      </Accordion>
    </Stack>
  );
}
