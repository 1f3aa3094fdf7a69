import { TextInput, useTranslate, type RaRecord } from 'react-admin';
import { Box, Chip } from '@mui/material';
import { normalizePromoCode, promoCodeSchema, type FieldDef } from '../../../schemas';
import { validatorsFor } from '../../components/validation';
import { SchemaRecordEditorPage } from '../../components/SchemaRecordEditor';
import { PROMO_LIST } from './PromoList';

/** The code input keeps what the shop's promo input keeps: letters and digits, uppercased, at most 54. */
const codeInput = (f: FieldDef) => (
  <TextInput source={f.name} label={f.label} validate={validatorsFor(f)} parse={(v: string) => normalizePromoCode(v ?? '')} helperText="admin.promo.code_hint" slotProps={{ htmlInput: { maxLength: f.maxLength, autoCapitalize: 'characters', spellCheck: false } }} fullWidth />
);

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
 * fields of schemas/promo.ts (name, code, discount %, single use, the date window, the minimum sum) with
 * the registry's validation; the times used and 'Промокод использован' read-only. Back goes to /promo_settings.
 */
export default function PromoEditor() {
  return <SchemaRecordEditorPage idParam="codeId" resource="promo_codes" schema={promoCodeSchema} list={PROMO_LIST} texts="admin.promo" inputs={{ code: codeInput }} info={(r) => <Usage record={r} />} />;
}
