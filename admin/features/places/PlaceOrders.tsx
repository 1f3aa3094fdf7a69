import { useParams, useSearchParams } from 'react-router';
import { useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Box, TextField, Typography } from '@mui/material';
import { ScreenList, authenticated } from '../../components/ScreenList';
import { StatusChip, useDateTime, useMoney } from '../orders/orderParts';
import { shopApi } from '../../components/shopApi';
import { formKey, placeSchema } from '../../../schemas';

/** Today in the owner's time zone as YYYY-MM-DD. */
export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A place's id as the protocol names it (p[674_place_id]); the day travels as p[688_date], a key of the seed's owner call that no schema field declares. */
const PLACE_ID = `p[${formKey(placeSchema.fields.find((x) => x.name === 'id')!)}]`;

/** A place's orders of one day: api=orders with the place id and the date (the owner's call of the seed). */
async function placeOrders(placeId: string, date: string, signal?: AbortSignal): Promise<RaRecord[]> {
  const api = await shopApi();
  const body = await api.call<{ orders: RaRecord[] }>('orders', { [PLACE_ID]: placeId, 'p[688_date]': date }, { signal });
  return Array.isArray(body.orders) ? body.orders : [];
}

function Orders() {
  const { placeId = '' } = useParams();
  const translate = useTranslate();
  const money = useMoney();
  const dateTime = useDateTime();
  const [search, setSearch] = useSearchParams();
  const date = DATE.test(search.get('date') ?? '') ? search.get('date')! : today();
  const { data: place } = useGetOne('places', { id: placeId }, { retry: false });
  const { data = [], isPending, error } = useQuery({ queryKey: ['placeOrders', placeId, date], queryFn: ({ signal }) => placeOrders(placeId, date, signal) });
  const title = translate('admin.places.orders_title', { name: place?.name ?? '' });
  return (
    <ScreenList
      title={title}
      back={`/place_settings/place/${placeId}`}
      maxWidth={900}
      above={
        <TextField
          type="date"
          label={translate('admin.places.orders_date')}
          value={date}
          onChange={(e) => DATE.test(e.target.value) && setSearch({ date: e.target.value }, { replace: true })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ mb: 2, minWidth: 200 }}
        />
      }
      rows={data}
      isPending={isPending}
      error={error}
      errorText={error ? translate((error as Error).message, { _: translate('errors.error_msg') }) : undefined}
      empty={translate('admin.places.no_orders')}
      row={(o) => ({
        key: o.id,
        to: `/place_settings/place/${placeId}/place_orders/${o.id}`,
        sx: { gap: 1 },
        primary: translate('admin.orders.order_n', { id: o.id }),
        secondary: `${dateTime(o.datetime)}${o.clientName ? ` · ${o.clientName}` : ''}`,
        end: (
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row-reverse' }, alignItems: { xs: 'flex-end', sm: 'center' }, gap: { xs: 0.5, sm: 2 } }}>
            <Typography sx={{ fontWeight: 500, whiteSpace: 'nowrap', minWidth: { sm: 90 }, textAlign: 'right' }}>{money(o.total)}</Typography>
            <StatusChip status={o.status} receiving={o.receiving} />
          </Box>
        ),
        chevron: true,
      })}
    />
  );
}

/** /place_settings/place/{placeId}/place_orders: the place's orders of a day (default today); the date really filters. */
export default authenticated(Orders);
