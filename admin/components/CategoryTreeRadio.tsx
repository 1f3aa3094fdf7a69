import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ROOT_CATEGORY_ID } from '../../schemas';

export interface TreeCategory {
  id: string;
  category: string;
  depth: number;
  subId?: string;
  /** Hidden from shoppers (the owner's tree): marked, as a product on sale or a visible category put there shows it. */
  hidden?: boolean;
}

/** Ids of a category and everything below it (a category cannot move under itself). */
export function subtreeIds(categories: TreeCategory[], id: string): Set<string> {
  const out = new Set<string>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) if (c.subId && out.has(String(c.subId)) && !out.has(String(c.id))) (out.add(String(c.id)), (grew = true));
  }
  return out;
}

/**
 * The category tree as radio choices (parents before children, indented by depth), with the root on top
 * when `rootLabel` is given: the parent of a category, the category of a product.
 */
export function CategoryTreeRadio({
  label,
  categories,
  value,
  onChange,
  rootLabel,
  disabledIds,
  required,
}: {
  label: string;
  categories: TreeCategory[];
  value: string | null;
  onChange: (id: string) => void;
  rootLabel?: string;
  disabledIds?: Set<string>;
  required?: boolean;
}) {
  const hidden = useTranslate()('admin.categories.hidden');
  return (
    <FormControl component="fieldset" required={required} sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ mb: 0.5 }}>
        {label}
      </FormLabel>
      <RadioGroup
        aria-label={label}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value)}
        sx={{ maxHeight: 360, overflowY: 'auto', flexWrap: 'nowrap', border: 1, borderColor: 'divider', borderRadius: 1, px: 1, py: 0.5 }}
      >
        {rootLabel ? <FormControlLabel value={ROOT_CATEGORY_ID} control={<Radio size="small" />} label={rootLabel} sx={{ '& .MuiFormControlLabel-label': { fontWeight: 500 } }} /> : null}
        {categories.map((c) => (
          <FormControlLabel
            key={c.id}
            value={String(c.id)}
            control={<Radio size="small" />}
            label={c.hidden ? `${c.category} (${hidden})` : c.category}
            disabled={disabledIds?.has(String(c.id))}
            sx={{ pl: (Number(c.depth) + (rootLabel ? 1 : 0)) * 3, mr: 0 }}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
