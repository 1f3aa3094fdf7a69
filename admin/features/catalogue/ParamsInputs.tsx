import type { ReactElement } from 'react';
import { BooleanInput, CheckboxGroupInput, NumberInput, TextInput, useGetList, useTranslate, type RaRecord, type Validator } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { paramField } from '../../../dataProvider/apiFields';

export interface ParamRecord extends RaRecord {
  baseId: string;
  /** The category it belongs to; '0': the whole shop. */
  categoryId?: string;
  name: string;
  kind: 'select' | 'bool' | 'number' | 'float' | 'varchar' | 'textarea';
  isRequired: boolean;
  unit: string | null;
  values: { id: string; name: string }[];
  common?: boolean;
}

/** The category's own filters (custom parameters; the common price, shop and warranty are product fields). */
export function useCategoryParams(categoryId: unknown) {
  const { data, isPending } = useGetList<ParamRecord>(
    'offers_params',
    { filter: { categoryId: String(categoryId ?? '0') }, pagination: { page: 1, perPage: 1000 }, sort: { field: 'sort', order: 'ASC' } },
    { enabled: categoryId !== undefined && categoryId !== null && categoryId !== '' },
  );
  return { params: (data ?? []).filter((p) => !p.common), isPending };
}

/** A marker that puts the '*' on a label; the seed's own check runs on save (required_fields_error). */
export const markRequired: Validator = Object.assign(() => undefined, { isRequired: true });

/** One map from a parameter kind to its input (number and float take a number input, others text). */
const inputByKind: Record<ParamRecord['kind'], (p: ParamRecord, source: string, label: string, validate: Validator[]) => ReactElement> = {
  select: (p, source, label, validate) => <CheckboxGroupInput source={source} label={label} choices={p.values} validate={validate} translateChoice={false} row helperText={false} />,
  bool: (_p, source, label, validate) => <BooleanInput source={source} label={label} validate={validate} helperText={false} />,
  number: (_p, source, label, validate) => <NumberInput source={source} label={label} validate={validate} step={1} helperText={false} />,
  float: (_p, source, label, validate) => <NumberInput source={source} label={label} validate={validate} step="any" helperText={false} />,
  varchar: (_p, source, label, validate) => <TextInput source={source} label={label} validate={validate} fullWidth helperText={false} />,
  textarea: (_p, source, label, validate) => <TextInput source={source} label={label} validate={validate} multiline minRows={4} fullWidth helperText={false} />,
};

export const paramLabel = (p: ParamRecord) => (p.unit ? `${p.name}, ${p.unit}` : p.name);

/** The inputs of some parameters; `heading` false when a section around them has its own. */
export function ParamsInputs({ params, heading = true }: { params: ParamRecord[]; heading?: boolean }) {
  const translate = useTranslate();
  if (!params.length) return null;
  return (
    <Box component="section" aria-labelledby={heading ? 'params-title' : undefined}>
      {heading ? (
        <Typography id="params-title" variant="subtitle1" component="h2" gutterBottom>
          {translate('admin.items.params')}
        </Typography>
      ) : null}
      {params.map((p) => (
        <Box key={p.id}>{(inputByKind[p.kind] ?? inputByKind.varchar)(p, `paramValues.${paramField(p.baseId)}`, paramLabel(p), p.isRequired ? [markRequired] : [])}</Box>
      ))}
    </Box>
  );
}
