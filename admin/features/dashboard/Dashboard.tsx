import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { RevenueChart } from './RevenueChart';
import { SetupChecklist } from './SetupChecklist';
import type { Dashboard, Period } from '../../../schemas/dashboard';
import { Loading, Title, useGetList, useGetOne, useLocale, useTranslate } from 'react-admin';

/** The answer of GET /rest/dashboard/{period}, as the server types it, with react-admin's id. */
type Figures = Dashboard & { id: Period };

const STATUSES = ['new', 'accepted', 'preparing', 'delivering', 'done', 'cancelled'];

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 150px', minWidth: 0 }}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** A titled card; in a row of cards (inRow) it shares the width, wrapping below 320 px. */
/** A table's one row saying why it is empty. */
const empty = (cols: number, text: string) => (
  <TableRow>
    <TableCell colSpan={cols} sx={{ color: 'text.secondary' }}>
      {text}
    </TableCell>
  </TableRow>
);

function Section({ title, children, inRow = false }: { title: string; children: React.ReactNode; inRow?: boolean }) {
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ flex: inRow ? '1 1 320px' : 'none', minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The admin's home: the shop's figures from /rest/dashboard (aggregated by the database). */
export default function Dashboard() {
  const translate = useTranslate();
  const locale = useLocale();
  const [period, setPeriod] = useState<Period>('day');
  const { data, isPending, error } = useGetOne<Figures>('dashboard', { id: period }, { refetchInterval: 60_000 });
  const { total: failed } = useGetList('notifications', { filter: { status: 'failed' }, pagination: { page: 1, perPage: 1 } }, { retry: false });
  const money = (n: number) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n)} ₽`;
  const t = (k: string, o?: Record<string, unknown>) => translate(`admin.dashboard.${k}`, o);

  return (
    <Box sx={{ py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title={t('title')} />
      <SetupChecklist />
      {failed ? (
        <Alert severity="warning" action={<Button component={RouterLink} to={`/notifications?filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`}>{t('show')}</Button>}>
          {t('failed_notifications', { count: failed })}
        </Alert>
      ) : null}
      {isPending ? (
        <Loading />
      ) : error || !data ? (
        <Alert severity="error">{translate('errors.server_error')}</Alert>
      ) : (
        <>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            <Stat label={t('today_orders')} value={String(data.todayTotals.orders)} />
            <Stat label={t('today_revenue')} value={money(data.todayTotals.revenue)} />
            <Stat label={t('average_basket')} value={money(data.totals.averageBasket)} />
            <Stat label={t('period_revenue')} value={money(data.totals.revenue)} />
          </Stack>
          <Section title={t('today_by_status')}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {STATUSES.map((s) => (
                <Chip key={s} label={`${translate(`resources.orders.status.${s}`)}: ${data.todayByStatus[s] ?? 0}`} color={s === 'new' && data.todayByStatus[s] ? 'primary' : 'default'} variant={data.todayByStatus[s] ? 'filled' : 'outlined'} />
              ))}
            </Stack>
          </Section>
          <Section title={`${t('revenue')} · ${t('orders')}`}>
            <ToggleButtonGroup size="small" exclusive value={period} onChange={(_e, v: Period | null) => v && setPeriod(v)} aria-label={t('revenue')}>
              {(['day', 'week', 'month'] as const).map((p) => (
                <ToggleButton key={p} value={p}>
                  {t(p)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {data.series.length ? (
              <Box sx={{ width: '100%' }} role="img" aria-label={`${t('revenue')}: ${data.series.map((s) => `${s.bucket} ${money(s.revenue)}`).join(', ')}`}>
                <RevenueChart
                  data={data.series}
                  revenueLabel={t('revenue')}
                  ordersLabel={t('orders')}
                  money={money}
                  bucketLabel={(v) => (period === 'month' ? v : v.slice(5))}
                  locale={locale}
                />
              </Box>
            ) : (
              <Typography color="text.secondary" sx={{ py: 4 }}>
                {t('no_data')}
              </Typography>
            )}
          </Section>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
            <Section inRow title={t('top_products')}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('product')}</TableCell>
                    <TableCell align="right">{t('quantity')}</TableCell>
                    <TableCell align="right">{t('revenue')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {!data.topProducts.length && empty(3, t('no_data'))}
                  {data.topProducts.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{p.name}</TableCell>
                      <TableCell align="right">{p.quantity}</TableCell>
                      <TableCell align="right">{money(p.revenue)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Section>
            <Section inRow title={t('receiving')}>
              <Table size="small">
                <TableBody>
                  {!data.receiving.length && empty(3, t('no_data'))}
                  {data.receiving.map((r) => (
                    <TableRow key={r.receiving}>
                      <TableCell>{translate(`resources.orders.receiving.${r.receiving}`)}</TableCell>
                      <TableCell align="right">{r.orders}</TableCell>
                      <TableCell align="right">{money(r.revenue)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
                {t('places')}
              </Typography>
              <Table size="small">
                <TableBody>
                  {data.places.map((r) => (
                    <TableRow key={String(r.placeId)}>
                      <TableCell>{r.name ?? t('no_place')}</TableCell>
                      <TableCell align="right">{r.orders}</TableCell>
                      <TableCell align="right">{money(r.revenue)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Section>
            <Section inRow title={t('promo')}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('code')}</TableCell>
                    <TableCell align="right">{t('orders')}</TableCell>
                    <TableCell align="right">{t('discount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {/* Orders without a promo code are no 'no orders yet' (walk 35: it said so beside the period's orders). */}
                  {!data.promo.length && empty(3, t(data.receiving.length ? 'no_promo' : 'no_data'))}
                  {data.promo.map((p) => (
                    <TableRow key={p.code}>
                      <TableCell>{p.code}</TableCell>
                      <TableCell align="right">{p.orders}</TableCell>
                      <TableCell align="right">{money(p.discount)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Section>
          </Stack>
        </>
      )}
    </Box>
  );
}
