import { Link as RouterLink } from 'react-router';
import { useTranslate, type RaRecord } from 'react-admin';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { EditorCard } from '../../components/EditorParts';
import { useItemEditorPath } from './itemPaths';

interface Variant {
  id: string;
  categoryId: string;
  name: string;
  price: number;
  available: '1' | '0';
  options: Record<string, string>;
}

/** The other offers of the product's YML group (groupId): the storefront shows them as one product with a picker. */
export function ItemVariants({ record }: { record: RaRecord | undefined }) {
  const translate = useTranslate();
  const editorPath = useItemEditorPath();
  const variants = (record?.variants ?? []) as Variant[];
  const dimensions = (record?.dimensions ?? []) as string[];
  if (variants.length < 2) return null;
  return (
    <EditorCard>
      <Box component="section" aria-labelledby="item-variants">
        <Typography id="item-variants" variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {translate('admin.items.variants', { group: String(record?.groupId ?? '') })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('admin.items.variants_hint', { params: dimensions.join(', ') || '—' })}
        </Typography>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {variants.map((v) => {
            const own = v.id === String(record?.id);
            const label = dimensions.length ? dimensions.map((d) => v.options[d]).filter(Boolean).join(' · ') : v.name;
            return (
              <Stack key={v.id} component="li" direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                {own ? (
                  <Typography component="span" sx={{ fontWeight: 600 }} aria-current="true">
                    {label}
                  </Typography>
                ) : (
                  <Link component={RouterLink} to={editorPath(v.categoryId, v.id)}>
                    {label}
                  </Link>
                )}
                <Typography component="span" variant="body2" color="text.secondary">
                  {v.price.toLocaleString('ru-RU')} ₽
                </Typography>
                {v.available === '1' ? null : <Chip size="small" label={translate('admin.items.variant_unavailable')} />}
              </Stack>
            );
          })}
        </Stack>
      </Box>
    </EditorCard>
  );
}
