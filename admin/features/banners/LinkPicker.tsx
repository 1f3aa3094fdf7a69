import { useEffect, useMemo, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useCategoryTree } from '../../components/CategorySelectInput';

interface LinkOption {
  kind: 'category' | 'product';
  label: string;
  link: string;
}

/** A word typed for at least this long before the products are searched. */
const SEARCH_DELAY_MS = 300;
const SHOWN = 8;
const isAddress = (s: string) => s.startsWith('/') || /^https?:/i.test(s);

/**
 * A banner's link: typed as a path or an address, or picked from the shop's categories and products found by
 * the words typed (the storefront's own addresses: /category/{path} and /category/{path}/item/{id}).
 */
export function LinkPicker({ value, onChange, label, helperText }: { value: string; onChange: (link: string) => void; label: string; helperText: string }) {
  const translate = useTranslate();
  const [typed, setTyped] = useState(value);
  const [word, setWord] = useState('');
  useEffect(() => setTyped(value), [value]);
  useEffect(() => {
    const t = setTimeout(() => setWord(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [typed]);
  const searching = word.length >= 2 && !isAddress(word);
  const { data: tree = [] } = useCategoryTree();
  const { data: products = [] } = useGetList('offers', { filter: { q: word }, pagination: { page: 1, perPage: SHOWN } }, { enabled: searching });
  const options = useMemo<LinkOption[]>(() => {
    if (!searching) return [];
    const paths = new Map(tree.map((c) => [String(c.id), String(c.path)]));
    const lower = word.toLowerCase();
    const categories = tree
      .filter((c) => String(c.category ?? '').toLowerCase().includes(lower))
      .slice(0, SHOWN)
      .map((c) => ({ kind: 'category' as const, label: String(c.category), link: `/category/${c.path}` }));
    const items = products.map((p) => ({ kind: 'product' as const, label: String(p.name), link: `/category/${paths.get(String(p.categoryId)) ?? '0'}/item/${p.id}` }));
    return [...categories, ...items];
  }, [searching, word, tree, products]);

  return (
    <Autocomplete<LinkOption, false, false, true>
      freeSolo
      options={options}
      filterOptions={(x) => x}
      groupBy={(o) => translate(`admin.banners.link_${o.kind}`)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.link)}
      isOptionEqualToValue={(o, v) => o.link === v.link}
      inputValue={typed}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset') return;
        setTyped(text);
        onChange(text);
      }}
      onChange={(_, picked) => {
        const link = typeof picked === 'string' ? picked : (picked?.link ?? '');
        setTyped(link);
        onChange(link);
      }}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography variant="body2">{o.label}</Typography>
          <Typography variant="caption" color="text.secondary">
            {o.link}
          </Typography>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} placeholder="/category/1" helperText={helperText} />}
      fullWidth
    />
  );
}
