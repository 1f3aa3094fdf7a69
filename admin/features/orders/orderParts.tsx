import { useLocaleState, useTranslate, type RaRecord } from 'react-admin';
import { Box, Chip, Divider, Link, MenuItem, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography, type ChipProps } from '@mui/material';
import { ORDER_STATUSES, PAYMENT_CODES, statusKey } from '../../../schemas';
import { mapLinkOf } from '../../../schemas/rules/links';
import { useImageUrl } from '../../components/shopApi';
import { addressNumbers } from './orderAddress';
import { Ltr } from '../../components/Ltr';

/**
 * The parts of an order both order screens show (/orders/{id} and a place's order): the status chip and
 * select, the client block, the product lines with their totals. Totals are the server's (the prices the
 * lines were sold at, the discount, delivery), never computed here.
 */
export const PAYMENT_STATUSES = ['none', 'pending', 'paid', 'failed', 'refunded'] as const;

const STATUS_COLOURS: Record<string, ChipProps['color']> = { new: 'info', accepted: 'primary', preparing: 'warning', delivering: 'secondary', done: 'success', cancelled: 'default' };

/** An order's status as its customer reads it: a pickup order's 'delivering' is 'Готов к выдаче'. */
export function useStatusText() {
  const translate = useTranslate();
  return (status: unknown, receiving: unknown) => {
    const s = String(status ?? 'new');
    return translate(`resources.orders.status.${statusKey(s, receiving)}`, { _: s });
  };
}

const WAY_OF_CODE = new Map(Object.entries(PAYMENT_CODES).map(([way, code]) => [String(code), way]));

/** The order's payment in the admin's language, by its stored code (the server's paymentLabel is Russian). */
export function usePaymentText() {
  const translate = useTranslate();
  return (order: RaRecord) => {
    const way = WAY_OF_CODE.get(String(order.payment ?? ''));
    return way ? translate(`resources.orders.payment.${way}`) : (order.paymentLabel ?? order.payment);
  };
}

export function StatusChip({ status, receiving, size = 'small' }: { status: unknown; receiving: unknown; size?: ChipProps['size'] }) {
  const statusText = useStatusText();
  const s = String(status ?? 'new');
  return <Chip size={size} color={STATUS_COLOURS[s] ?? 'default'} label={statusText(s, receiving)} variant={s === 'cancelled' ? 'outlined' : 'filled'} />;
}

export function StatusSelect({ value, receiving, onChange, disabled }: { value: string; receiving: unknown; onChange: (status: string) => void; disabled?: boolean }) {
  const translate = useTranslate();
  const statusText = useStatusText();
  return (
    <TextField select size="small" label={translate('resources.orders.fields.status')} value={value} onChange={(e) => onChange(e.target.value)} disabled={disabled} sx={{ minWidth: 200 }}>
      {ORDER_STATUSES.map((s) => (
        <MenuItem key={s} value={s}>
          {statusText(s, receiving)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Money as the shop shows it (roubles, no kopecks when whole). */
export function useMoney() {
  const [locale] = useLocaleState();
  return (n: unknown) => {
    const v = Number(n ?? 0);
    return new Intl.NumberFormat(locale, { style: 'currency', currency: 'RUB', minimumFractionDigits: Number.isInteger(v) ? 0 : 2, maximumFractionDigits: 2 }).format(Number.isFinite(v) ? v : 0);
  };
}

/** A date-time of the api (ISO, UTC) in the owner's local time. */
export function useDateTime() {
  const [locale] = useLocaleState();
  return (iso: unknown, opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }) => {
    const d = new Date(String(iso ?? ''));
    return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(locale, opts).format(d);
  };
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

export function Section({ title, children, label }: { title: string; children: React.ReactNode; label?: string }) {
  return (
    <Paper component="section" aria-label={label ?? title} sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The customer: name, phone, e-mail, the address with house, entrance, floor and flat and a link to it on the map, comment, change. */
export function ClientBlock({ order }: { order: RaRecord }) {
  const translate = useTranslate();
  const money = useMoney();
  const paymentText = usePaymentText();
  const f = (k: string) => translate(`admin.orders.client.${k}`);
  const numbers = addressNumbers(order, f);
  const map = order.receiving === 'pickup' ? null : mapLinkOf(order as { address?: string; latitude?: string; longitude?: string });
  return (
    <Section title={translate('admin.orders.client_block')}>
      <Row label={f('name')}>{order.clientName}</Row>
      <Row label={f('phone')}>{order.phone ? <Link href={`tel:${order.phone}`}>
            <Ltr>{order.phone}</Ltr>
          </Link> : null}</Row>
      <Row label={f('email')}>{order.email ? <Link href={`mailto:${order.email}`}>{order.email}</Link> : null}</Row>
      <Row label={f('receiving')}>{order.receiving ? translate(`resources.orders.receiving.${order.receiving}`, { _: order.receiving }) : null}</Row>
      <Row label={f('address')}>
        {[order.address, numbers].filter(Boolean).join('; ')}
        {map && (
          <>
            {' '}
            <Link href={map} target="_blank" rel="noopener noreferrer">
              {f('map')}
            </Link>
          </>
        )}
      </Row>
      <Row label={f('payment')}>{paymentText(order)}</Row>
      <Row label={f('payment_status')}>{translate(`admin.orders.payment_status.${order.paymentStatus ?? 'none'}`, { _: String(order.paymentStatus ?? '') })}</Row>
      <Row label={f('change')}>{order.oddMoney ? money(order.oddMoney) : null}</Row>
      <Row label={f('comment')}>{order.comment}</Row>
    </Section>
  );
}

/** The product lines with the prices they were sold at, then the goods total, discount, delivery and the sum due. */
export function OrderLines({ order }: { order: RaRecord }) {
  const translate = useTranslate();
  const money = useMoney();
  const img = useImageUrl();
  const lines = (Array.isArray(order.products) ? order.products : []) as { id: string; name: string; price: number; basePrice?: number; quantity: number; sum?: number; picture?: string }[];
  const t = (k: string) => translate(`admin.orders.lines.${k}`);
  return (
    <Section title={t('title')}>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('title')} sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } }, '& th': { whiteSpace: 'nowrap' } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('name')}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('price')}
              </TableCell>
              <TableCell align="right">{t('quantity')}</TableCell>
              <TableCell align="right">{t('sum')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l) => (
              <TableRow key={l.id}>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120 }}>
                    {l.picture ? <Box component="img" src={img(l.picture) ?? undefined} alt="" sx={{ width: 36, height: 36, objectFit: 'cover', borderRadius: 0.5, flex: '0 0 auto', display: { xs: 'none', sm: 'block' } }} /> : null}
                    <Box>
                      {l.name}
                      <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { xs: 'block', sm: 'none' } }}>
                        {money(l.price)}
                      </Typography>
                    </Box>
                  </Box>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}>
                  {money(l.price)}
                  {l.basePrice && l.basePrice !== l.price ? (
                    <Typography component="div" variant="caption" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
                      {money(l.basePrice)}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right">{l.quantity}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(l.sum ?? l.price * l.quantity)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Divider sx={{ my: 1 }} />
      <Box sx={{ ml: 'auto', maxWidth: 360 }} aria-label={t('totals')} role="group">
        <Total label={t('goods')} value={money(order.goodsTotal ?? order.totalPrice)} />
        {Number(order.discount) ? <Total label={order.promoCode ? `${t('discount')} (${order.promoCode})` : t('discount')} value={`−${money(order.discount)}`} /> : null}
        <Total label={t('delivery')} value={money(order.deliveryCost)} />
        <Total label={t('total')} value={money(order.total)} strong />
      </Box>
    </Section>
  );
}

function Total({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 600 : 400 }}>
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 600 : 400, whiteSpace: 'nowrap' }}>
        {value}
      </Typography>
    </Box>
  );
}
