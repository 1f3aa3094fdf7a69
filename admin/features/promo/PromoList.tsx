import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Box, Chip } from '@mui/material';
import { authenticated } from '../../components/ScreenList';
import { RecordScreenList } from '../../components/RecordScreenList';
import { promoKindOf } from '../../../schemas/rules/promo';

export const PROMO_LIST = '/promo_settings';

/** A stored date ('2026-05-01' or a timestamp) in the panel's language; blank stays blank. */
export function formatDate(value: unknown, locale: string): string {
  if (typeof value !== 'string' || !value.trim()) return '';
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value.trim());
  const d = new Date(dateOnly ? `${value.trim()}T00:00:00` : value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The window of a code: 'с 1 мая 2026 по 31 мая 2026', one side of it, or 'Без срока'. */
export function promoWindow(p: RaRecord, locale: string, translate: (k: string, o?: object) => string): string {
  const from = formatDate(p.dateFrom, locale);
  const to = formatDate(p.dateTo, locale);
  if (!from && !to) return translate('admin.promo.always');
  return [from ? translate('admin.promo.from', { date: from }) : '', to ? translate('admin.promo.to', { date: to }) : ''].filter(Boolean).join(' ');
}

function Promos() {
  const translate = useTranslate();
  const [locale = 'ru'] = useLocaleState();
  return (
    <RecordScreenList
      resource="promo_codes"
      sort={{ field: 'id', order: 'DESC' }}
      list={PROMO_LIST}
      child="code"
      title={translate('admin.promo.title')}
      back="/settings/common_settings"
      add={translate('admin.promo.add')}
      maxWidth={860}
      empty={translate('admin.promo.promo_not_found')}
      row={(p) => ({
        sx: { gap: 2, alignItems: 'flex-start' },
        primary: (
          <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 600, letterSpacing: 0.5, overflowWrap: 'anywhere' }}>
              {p.code}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {p.name}
            </Box>
          </Box>
        ),
        secondary: `${promoWindow(p, locale, translate)} · ${translate('admin.promo.used_times', { count: p.count ?? 0 })}`,
        end: (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5, flexShrink: 0 }}>
            <Chip size="small" color="primary" label={promoGives(p, translate)} />
            {p.isOnceOnly ? <Chip size="small" variant="outlined" label={translate('admin.promo.once_only')} /> : null}
          </Box>
        ),
      })}
    />
  );
}

/** What a code gives, by its kind: 'Скидка 20%', 'Скидка 300 ₽' or 'Бесплатная доставка'. */
function promoGives(p: RaRecord, translate: (key: string, options?: object) => string): string {
  const kind = promoKindOf(p.kind);
  if (kind === 'fixed') return translate('admin.promo.discount_fixed', { amount: p.amount ?? 0 });
  if (kind === 'free_delivery') return translate('admin.promo.free_delivery');
  return translate('admin.promo.discount', { discount: p.discount });
}

/** /promo_settings: the shop's promo codes — code, name, discount, dates, single use and times used. */
export default authenticated(Promos);
