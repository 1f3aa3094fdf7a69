import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../api/context';
import { badRequest, serverText } from '../../errors';
import { ownerCall } from '../../rest/common';
import { shopLang, storeValues } from '../../api/tenant';
import { localTime, safeTimeZone } from '../../../schemas/rules';
import type { Lang } from '../../../i18n';
import { amountDue, floorOf, orderData, selectOrders, type OrderRow } from './orders';
import { PAYMENT_CODES, statusKey, type OrderStatus } from '../../../schemas';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** At most this many orders in one file (a year of a busy shop); a longer period is refused, not cut. */
export const EXPORT_LIMIT = 100_000;

/** The columns, in order; their titles are i18n/server `export.headers` in the shop's language. */
const COLUMNS = ['id', 'date', 'created', 'status', 'payment', 'payment_status', 'receiving', 'place', 'client', 'phone', 'email', 'address', 'products', 'goods', 'discount', 'promo', 'delivery', 'total'] as const;
const headersOf = (lang: Lang) => COLUMNS.map((c) => serverText(lang, `export.headers.${c}`));

import { csvCell, type Cell } from '../../lib/csv';

export { csvCell };

/** The seed's stored payment label (CASH, ELECTRON, ONLINE) as the way its name is kept under (i18n/orders payment). */
const WAY_OF_CODE = new Map(Object.entries(PAYMENT_CODES).map(([way, code]) => [code as string, way]));

/** An ISO instant as the shop's wall clock: 'YYYY-MM-DD HH:MM'. */
export function shopClock(iso: string, timeZone: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const { date, minutes } = localTime(at, timeZone);
  return `${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function rowOf(r: OrderRow, places: Map<number, string>, lang: Lang, timeZone: string): Cell[] {
  const d = orderData(r);
  const part = (key: string, value: unknown) => value && serverText(lang, `export.${key}`, { value: String(value) });
  const way = WAY_OF_CODE.get(String(d.payment ?? ''));
  return [
    r.number,
    r.date,
    shopClock(r.created_at, timeZone),
    serverText(lang, `statuses.${statusKey(r.status, r.receiving)}`),
    way ? serverText(lang, `export.payment.${way}`) : (d.payment ?? null),
    serverText(lang, `export.payment_status.${r.payment_status || 'none'}`),
    serverText(lang, `export.receiving.${r.receiving === 'pickup' ? 'pickup' : 'delivery'}`),
    r.place_id === null ? null : (places.get(r.place_id) ?? String(r.place_id)),
    d.clientName,
    d.phone,
    d.email,
    [d.address, part('house', d.house), part('entrance', d.entrance), part('floor', floorOf(d)), part('flat', d.flat)].filter(Boolean).join(', ') || null,
    d.products.map((l) => `${l.name} × ${l.quantity}`).join('; '),
    d.goodsTotal,
    d.discount,
    d.promoCode,
    Number(r.delivery_cost),
    amountDue(r),
  ];
}

/** CSV for Excel and LibreOffice in a Russian locale: UTF-8 with a BOM, ';' between cells, CRLF lines. */
export const toCsv = (rows: Cell[][], lang: Lang = 'ru') => '\ufeff' + [headersOf(lang), ...rows].map((r) => r.map((c) => csvCell(c)).join(';')).join('\r\n') + '\r\n';

export async function toXlsx(rows: Cell[][], title: string, lang: Lang = 'ru'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(title.slice(0, 31));
  ws.addRow(headersOf(lang)).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.columns.forEach((c, i) => (c.width = [8, 12, 22, 14, 8, 10, 11, 16, 18, 14, 22, 32, 48, 12, 10, 12, 10, 12][i] ?? 12));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The last `days` days up to today in the shop's time zone, as from/to dates. */
export function lastDays(days: number, timeZone: string, now = new Date()): { from: string; to: string } {
  const to = localTime(now, safeTimeZone(timeZone)).date;
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * GET /rest/orders/export.csv and /rest/orders/export.xlsx?from=YYYY-MM-DD&to=YYYY-MM-DD or ?days=N[&status=..][&placeId=..]
 * (owner): the orders of a period (the store's days), oldest first, one line each.
 */
export function registerOrderExport(rest: FastifyInstance, services: AppServices) {
  for (const format of ['csv', 'xlsx'] as const) {
    rest.get(`/orders/export.${format}`, async (request, reply) => {
      const call = await ownerCall(services, request);
      const q = (request.query ?? {}) as Record<string, string | undefined>;
      // `days=N`: the last N days of the shop's own calendar (its time zone), so a browser elsewhere gets today's orders.
      if (q.days !== undefined) {
        if (!/^\d{1,3}$/.test(q.days) || Number(q.days) < 1 || Number(q.days) > 366) throw badRequest('invalid_input', undefined, ['days']);
        Object.assign(q, lastDays(Number(q.days), String(storeValues(call.store).timezone ?? 'Europe/Moscow')));
      }
      for (const k of ['from', 'to'] as const) if (typeof q[k] !== 'string' || !DATE.test(q[k]!)) throw badRequest('invalid_input', undefined, [k]);
      let x = selectOrders(services.db, call.store.id).where('date', '>=', q.from!).where('date', '<=', q.to!);
      if (q.status) x = x.where('status', '=', q.status);
      if (q.placeId && /^\d{1,10}$/.test(q.placeId)) x = x.where('place_id', '=', Number(q.placeId));
      const rows = await x.orderBy('id').limit(EXPORT_LIMIT + 1).execute();
      if (rows.length > EXPORT_LIMIT) throw badRequest('invalid_input', `More than ${EXPORT_LIMIT} orders: choose a shorter period`, ['from']);
      const places = new Map((await services.db.selectFrom('places').select(['id', 'name']).where('store_id', '=', call.store.id).execute()).map((p) => [p.id, p.name]));
      const lang = shopLang(call.store);
      const timeZone = safeTimeZone(String(storeValues(call.store).timezone ?? ''));
      const cells = rows.map((r) => rowOf(r, places, lang, timeZone));
      const name = `orders-${q.from}-${q.to}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(cells, lang));
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(await toXlsx(cells, `${q.from} — ${q.to}`, lang));
    });
  }
}
