import { useParams } from 'react-router';
import { Authenticated, useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { Box, Button, CircularProgress, GlobalStyles } from '@mui/material';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { useDateTime, useMoney, usePaymentText, useStatusText } from './orderParts';
import { addressNumbers } from './orderAddress';
import { Ltr } from '../../components/Ltr';

type Line = { id: string; name: string; price: number; quantity: number; sum?: number };

/** Plain print styles: black on white, no panel chrome, the sheet's own button hidden on paper. */
const PRINT_CSS = {
  '@media print': {
    '@page': { margin: '12mm' },
    body: { background: '#fff !important', color: '#000 !important' },
    '.order-sheet__noprint': { display: 'none !important' },
    '.order-sheet': { boxShadow: 'none !important', padding: '0 !important', maxWidth: 'none !important' },
  },
} as const;

function Field({ label, value, ltr }: { label: string; value: unknown; ltr?: boolean }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {ltr ? <Ltr>{String(value)}</Ltr> : String(value)}
      </Box>
    </>
  );
}

/**
 * The order sheet for the courier or the kitchen: number, time, receiving, the client's name, phone,
 * address and comment, the payment, the lines and the server's totals, on one plain page that prints
 * (CSS @media print hides the button). Opened from an order's screen at /orders/{id}/print.
 */
export function OrderSheet({ order, shopName }: { order: RaRecord; shopName?: string }) {
  const translate = useTranslate();
  const money = useMoney();
  const dateTime = useDateTime();
  const paymentText = usePaymentText();
  const statusText = useStatusText();
  const c = (k: string) => translate(`admin.orders.client.${k}`);
  const t = (k: string) => translate(`admin.orders.lines.${k}`);
  const lines = (Array.isArray(order.products) ? order.products : []) as Line[];
  const numbers = addressNumbers(order, c);
  const cell = { borderBottom: '1px solid #999', p: '4px 6px', textAlign: 'left' as const, verticalAlign: 'top' };
  const num = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' };
  return (
    <Box component="article" className="order-sheet" aria-label={translate('admin.orders.print_title')} sx={{ maxWidth: 760, mx: 'auto', p: { xs: 2, sm: 4 }, bgcolor: '#fff', color: '#000', fontSize: 15, lineHeight: 1.4 }}>
      <Box className="order-sheet__noprint" sx={{ mb: 2 }}>
        <Button variant="contained" startIcon={<PrintOutlined />} onClick={() => window.print()}>
          {translate('admin.orders.print_now')}
        </Button>
      </Box>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, borderBottom: '2px solid #000', pb: 1, mb: 2 }}>
        <Box component="h1" sx={{ fontSize: 24, m: 0 }}>
          {translate('admin.orders.order_n', { id: order.id })}
        </Box>
        <Box sx={{ textAlign: 'end' }}>
          {shopName ? <div>{shopName}</div> : null}
          <div>{dateTime(order.datetime)}</div>
        </Box>
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
        {/* A cancelled order's sheet must not go out with a courier as if it were to be delivered. */}
        <Field label={translate('resources.orders.fields.status')} value={statusText(order.status, order.receiving)} />
        {order.status === 'cancelled' && <Field label={translate('resources.orders.fields.cancelReason')} value={order.cancelReason} />}
        <Field label={c('receiving')} value={order.receiving ? translate(`resources.orders.receiving.${order.receiving}`, { _: order.receiving }) : null} />
        <Field label={c('name')} value={order.clientName} />
        <Field label={c('phone')} value={order.phone} ltr />
        <Field label={c('address')} value={[order.address, numbers].filter(Boolean).join('; ')} />
        <Field label={c('comment')} value={order.comment} />
        <Field label={c('payment')} value={paymentText(order)} />
        <Field label={c('payment_status')} value={translate(`admin.orders.payment_status.${order.paymentStatus ?? 'none'}`, { _: String(order.paymentStatus ?? '') })} />
        <Field label={c('change')} value={order.oddMoney ? money(order.oddMoney) : null} />
      </Box>
      <Box component="table" aria-label={t('title')} sx={{ width: '100%', borderCollapse: 'collapse', mb: 2 }}>
        <thead>
          <tr>
            <Box component="th" sx={cell}>
              {t('name')}
            </Box>
            <Box component="th" sx={num}>
              {t('price')}
            </Box>
            <Box component="th" sx={num}>
              {t('quantity')}
            </Box>
            <Box component="th" sx={num}>
              {t('sum')}
            </Box>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.id}>
              <Box component="td" sx={cell}>
                {l.name}
              </Box>
              <Box component="td" sx={num}>
                {money(l.price)}
              </Box>
              <Box component="td" sx={{ ...num, fontWeight: 600 }}>
                {l.quantity}
              </Box>
              <Box component="td" sx={num}>
                {money(l.sum ?? l.price * l.quantity)}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
      <Box component="dl" aria-label={t('totals')} sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.25, maxWidth: 360, m: 0, ml: 'auto', '& dd': { textAlign: 'end' } }}>
        <Field label={t('goods')} value={money(order.goodsTotal ?? order.totalPrice)} />
        {Number(order.discount) ? <Field label={order.promoCode ? `${t('discount')} (${order.promoCode})` : t('discount')} value={`−${money(order.discount)}`} /> : null}
        <Field label={t('delivery')} value={money(order.deliveryCost)} />
        <Field label={t('total')} value={money(order.total)} />
      </Box>
    </Box>
  );
}

function OrderPrintScreen() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const { data: order, isPending, error } = useGetOne('orders', { id }, { retry: false });
  const { data: store } = useGetOne('stores', { id: 'current' }, { retry: false, refetchOnWindowFocus: false });
  if (isPending) return <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />;
  if (error || !order) return <Box sx={{ p: 3 }}>{translate('admin.orders.not_found')}</Box>;
  return (
    <>
      <GlobalStyles styles={PRINT_CSS} />
      <OrderSheet order={order} shopName={typeof store?.name === 'string' ? store.name : undefined} />
    </>
  );
}

/** /orders/{id}/print, outside the panel's layout (nothing but the sheet on paper). */
export default function OrderPrint() {
  return (
    <Authenticated>
      <OrderPrintScreen />
    </Authenticated>
  );
}
