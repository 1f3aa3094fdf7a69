import { TextInput, useTranslate, type RaRecord } from 'react-admin';
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Box, Chip } from '@mui/material';
import { normalizePromoCode, promoCodeSchema, type FieldDef } from '../../../schemas';
import { promoKindOf, type PromoKind } from '../../../schemas/rules/promo';
import { registryValidator, validatorsFor } from '../../components/validation';
import { FieldInput } from '../../components/fieldWidgets';
import { SchemaRecordEditorPage } from '../../components/SchemaRecordEditor';
import { PROMO_LIST } from './PromoList';

/** The code input keeps what the shop's promo input keeps: letters and digits, uppercased, at most 54. */
const codeInput = (f: FieldDef) => (
  <TextInput source={f.name} label={f.label} validate={validatorsFor(f)} parse={(v: string) => normalizePromoCode(v ?? '')} helperText="admin.promo.code_hint" slotProps={{ htmlInput: { maxLength: f.maxLength, autoCapitalize: 'characters', spellCheck: false } }} fullWidth />
);

/** The discount's own field shows only for its kind: the percent (803) or the fixed sum (812); free delivery has neither. */
const KIND_OF_FIELD: Record<string, PromoKind> = { discount: 'percent', amount: 'fixed' };
function KindField({ field }: { field: FieldDef }) {
  const shown = promoKindOf(useWatch({ name: 'kind' })) === KIND_OF_FIELD[field.name];
  const { getValues, setValue } = useFormContext();
  // A value left wrong in the other kind's field (150 %, then "Фиксированная сумма") would block the save with
  // an error nobody sees, and the server refuses it too: the hidden field goes back to its default.
  useEffect(() => {
    if (!shown && registryValidator(field)(getValues(field.name), getValues(), {})) setValue(field.name, field.default ?? null, { shouldDirty: true, shouldValidate: true });
  }, [shown, field, getValues, setValue]);
  return shown ? <FieldInput field={field} /> : null;
}
const kindInput = (f: FieldDef) => <KindField field={f} />;

function Usage({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Chip label={translate('admin.promo.used_times', { count: record.count ?? 0 })} />
      {record.isUsed ? <Chip color="warning" label={translate('resources.promo_codes.fields.isUsed')} /> : null}
    </Box>
  );
}

/**
 * /promo_settings/code/{codeId} ('new' creates), titled 'Новый промокод' or 'Редактор промокода': the
 * fields of schemas/promo.ts (name, code, the kind and its percent or sum, single use, the date window, the minimum sum) with
 * the registry's validation; the times used and 'Промокод использован' read-only. Back goes to /promo_settings.
 */
export default function PromoEditor() {
  return <SchemaRecordEditorPage idParam="codeId" resource="promo_codes" schema={promoCodeSchema} list={PROMO_LIST} texts="admin.promo" inputs={{ code: codeInput, discount: kindInput, amount: kindInput }} info={(r) => <Usage record={r} />} />;
}
