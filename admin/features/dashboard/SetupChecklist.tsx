import { Link as RouterLink } from 'react-router';
import { useGetList, useGetOne, useStore, useTranslate, type RaRecord } from 'react-admin';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import type { ProductsCount } from '../../../schemas/dashboard';

interface Step {
  key: 'products' | 'delivery' | 'payment' | 'domain' | 'alerts';
  done: boolean;
  /** What is there now, in words. */
  text: string;
  to: string;
}

const hasZone = (p: RaRecord) => Array.isArray(p.coords) && p.coords.length >= 3;

/** The five steps of a shop's first day, from what the admin already reads: the settings, the places; and the products counted up to a cap (never a count of them all). */
function useSteps(): Step[] | null {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`admin.dashboard.setup.${k}`, o);
  const { data: store } = useGetOne('stores', { id: 'current' }, { retry: false });
  const { data: products } = useGetOne<ProductsCount>('dashboard', { id: 'products' }, { retry: false });
  const { data: places } = useGetList('places', { pagination: { page: 1, perPage: 100 } }, { retry: false });
  if (!store || !products || !places) return null;
  const shown = products.more ? `${products.count}+` : products.count;
  const alertsTo = [store.notify_orders_email || store.email, store.notify_orders_telegram && store.telegram_bot_token ? 'Telegram' : null].filter(Boolean).join(', ');
  const zones = places.filter(hasZone).length;
  return [
    { key: 'products', done: products.count > 0, text: products.count > 0 ? t('products_done', { count: shown }) : t('products_todo'), to: '/yml_import' },
    { key: 'delivery', done: zones > 0, text: zones > 0 ? t('delivery_done', { count: zones }) : t('delivery_todo'), to: '/place_settings' },
    { key: 'payment', done: store.online_payment === true, text: store.online_payment ? t('payment_done') : t('payment_todo'), to: '/settings/common_settings' },
    {
      key: 'domain',
      done: store.domain_status === 'live',
      text: store.domain_status === 'live' ? t('domain_done', { domain: store.domain_live ?? store.domain }) : t('domain_todo'),
      to: '/settings/common_settings',
    },
    { key: 'alerts', done: !!alertsTo, text: alertsTo ? t('alerts_done', { to: alertsTo }) : t('alerts_todo'), to: '/settings/common_settings' },
  ];
}

/**
 * 'Первые шаги' on the admin's home until the shop is ready to sell: products, delivery zones, card payment on
 * the site, the shop's address, where new orders are told; a step not done links to where it is done. The owner
 * can hide it (kept in the admin's store, per browser); it goes by itself once every step is done.
 */
export function SetupChecklist() {
  const translate = useTranslate();
  const t = (k: string, o?: Record<string, unknown>) => translate(`admin.dashboard.setup.${k}`, o);
  const [hidden, setHidden] = useStore('dashboard.setupHidden', false);
  const steps = useSteps();
  if (hidden || !steps) return null;
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <Card variant="outlined" component="section" aria-label={t('title')}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {t('title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('progress', { done, total: steps.length })}
          </Typography>
        </Box>
        <Box aria-hidden sx={{ height: 4, my: 1.5, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
          <Box sx={{ height: '100%', width: `${(done / steps.length) * 100}%`, bgcolor: 'primary.main' }} />
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {steps.map((s) => (
            <Box component="li" key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 0.75, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
              {s.done ? <CheckCircle color="success" titleAccess={t('done')} /> : <RadioButtonUnchecked color="disabled" titleAccess={t('todo')} />}
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {t(`steps.${s.key}`)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {s.text}
                </Typography>
              </Box>
              {s.done ? null : (
                <Button component={RouterLink} to={s.to} size="small" variant="outlined" sx={{ ml: { xs: 4.5, sm: 0 }, whiteSpace: 'nowrap' }}>
                  {t(`actions.${s.key}`)}
                </Button>
              )}
            </Box>
          ))}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button size="small" color="inherit" onClick={() => setHidden(true)}>
            {t('hide')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
