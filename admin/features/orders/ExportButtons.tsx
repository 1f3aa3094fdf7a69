import { useState } from 'react';
import { TopToolbar, FilterButton, useListContext, useNotify } from 'react-admin';
import { Button } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { createAuthStorage } from '../../../dataProvider/authStorage';

/**
 * The period to export: the list's day filter when set, else the last 30 days of the shop's calendar (the
 * server counts them in the shop's time zone: the owner's browser may be elsewhere).
 */
export function exportPeriod(filter: Record<string, unknown>): { from: string; to: string } | { days: string } {
  if (typeof filter.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(filter.date)) return { from: filter.date, to: filter.date };
  return { days: '30' };
}

/**
 * The order list's toolbar: filters plus 'CSV' and 'XLSX' downloads of /rest/orders/export.* (Bearer, as a file).
 * The two keep their words on a phone too (react-admin's Button shrinks to its icon there: two equal download
 * icons, the format only in a tooltip a finger never sees).
 */
export function OrderListActions() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async (format: 'csv' | 'xlsx') => {
    const period = exportPeriod(filterValues ?? {});
    const params = new URLSearchParams(period);
    if (typeof filterValues?.placeId === 'number' || typeof filterValues?.placeId === 'string') params.set('placeId', String(filterValues.placeId));
    setBusy(true);
    try {
      const auth = createAuthStorage().get();
      const res = await fetch(`/rest/orders/export.${format}?${params}`, { headers: auth ? { authorization: `Bearer ${auth.token}` } : {} });
      if (!res.ok) throw new Error(String(res.status));
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `orders.${format}`;
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notify('errors.server_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <TopToolbar>
      <FilterButton />
      <Button size="small" startIcon={<FileDownloadOutlined />} onClick={() => download('csv')} disabled={busy}>
        CSV
      </Button>
      <Button size="small" startIcon={<FileDownloadOutlined />} onClick={() => download('xlsx')} disabled={busy}>
        XLSX
      </Button>
    </TopToolbar>
  );
}
