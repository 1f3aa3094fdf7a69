import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGetOne, useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { useOpenedOrders } from './openedOrders';
import { EditorCard, EditorHeader } from '../../components/EditorParts';
import { OrderQuestions } from '../questions/OrderQuestions';
import { CancelOrderDialog } from './CancelOrderDialog';
import { ClientBlock, OrderLines, Section, StatusChip, StatusSelect, useDateTime } from './orderParts';
import { statusKey } from '../../../schemas';

/**
 * Saves an order's status (PUT /rest/orders/{id}; the server tells the customer). Cancelling first asks for
 * a reason in `dialog` (render it): `save('cancelled')` settles once the owner confirmed and it saved, or
 * changed their mind.
 */
export function useSaveStatus(order: RaRecord | undefined) {
  const notify = useNotify();
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate();
  const [asking, setAsking] = useState(false);
  const answered = useRef<(reason: string | null) => void>(() => {});
  const put = async (data: { status: string; cancelReason?: string }) => {
    if (!order) return;
    try {
      await update('orders', { id: order.id, data, previousData: order }, { mutationMode: 'pessimistic', returnPromise: true });
      notify(translate('admin.orders.status_saved', { status: translate(`resources.orders.status.${statusKey(data.status, order.receiving)}`) }), { type: 'success' });
    } catch (e) {
      notify(translate((e as Error).message, { _: translate('errors.error_msg') }), { type: 'error' });
    }
  };
  const save = async (status: string) => {
    if (!order || status === order.status) return;
    if (status !== 'cancelled') return put({ status });
    setAsking(true);
    const reason = await new Promise<string | null>((resolve) => (answered.current = resolve));
    setAsking(false);
    if (reason !== null) await put({ status, cancelReason: reason });
  };
  const dialog = <CancelOrderDialog order={asking ? (order ?? null) : null} onConfirm={(r) => answered.current(r)} onClose={() => answered.current(null)} />;
  return { save, isPending, dialog };
}

function PlaceName({ id }: { id: unknown }) {
  const { data } = useGetOne('places', { id: id as string }, { enabled: id !== null && id !== undefined && id !== '', retry: false });
  if (id === null || id === undefined || id === '') return null;
  return (
    <Link component={RouterLink} to={`/place_settings/place/${id}`}>
      {data?.name ?? `#${id}`}
    </Link>
  );
}

/**
 * One order: its number, time, status (a select that saves), place, then the client block, the lines with
 * totals and the customer's questions about it. `menu` adds the screen's own actions to the header.
 */
export function OrderView({ id, back: backOf, menu }: { id: string; back: string | ((order: RaRecord) => string); menu?: (order: RaRecord, save: (status: string) => Promise<void>, busy: boolean) => ReactNode }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const { data: order, isPending, error } = useGetOne('orders', { id }, { retry: false });
  const { save, isPending: saving, dialog } = useSaveStatus(order);
  const { markOpened } = useOpenedOrders();
  useEffect(() => {
    if (order) markOpened(order.id);
  }, [order, markOpened]);
  const title = translate('admin.orders.order_n', { id });
  const back = typeof backOf === 'string' ? backOf : order ? backOf(order) : backOf({ id });
  if (isPending) return <CircularProgress sx={{ m: 3 }} aria-label={translate('admin.editor.loading')} />;
  if (error || !order)
    return (
      <Box sx={{ maxWidth: 900, minWidth: 0 }}>
        <EditorHeader title={title} back={back} />
        <EditorCard>
          <Typography>{translate('admin.orders.not_found')}</Typography>
        </EditorCard>
      </Box>
    );
  return (
    <Box sx={{ maxWidth: 900, minWidth: 0 }}>
      <EditorHeader
        title={title}
        back={back}
        actions={
          <>
            {/* The printable sheet for the courier or the kitchen, in a tab of its own. */}
            <Button component={RouterLink} to={`/orders/${order.id}/print`} target="_blank" startIcon={<PrintOutlined />}>
              {translate('admin.orders.print')}
            </Button>
            {menu?.(order, save, saving)}
          </>
        }
      />
      <Section title={translate('admin.orders.summary')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
          <StatusChip status={order.status} receiving={order.receiving} size="medium" />
          <Typography variant="body2" color="text.secondary">
            {dateTime(order.datetime)}
          </Typography>
          {order.placeId ? (
            <Typography variant="body2">
              {translate('resources.orders.fields.placeId')}: <PlaceName id={order.placeId} />
            </Typography>
          ) : null}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <StatusSelect value={String(order.status)} receiving={order.receiving} onChange={(s) => void save(s)} disabled={saving} />
          {saving ? <CircularProgress size={20} /> : null}
        </Box>
        {order.status === 'cancelled' && order.cancelReason ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate('resources.orders.fields.cancelReason')}: {String(order.cancelReason)}
          </Typography>
        ) : null}
        {dialog}
      </Section>
      <ClientBlock order={order} />
      <OrderLines order={order} />
      <OrderQuestions orderId={order.id} />
    </Box>
  );
}
