import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, type Auth, type TestServer } from '../../test/helpers';
import { orderForm, rest, setupShop, type Shop } from '../../test/checkoutFixtures';
import { csvCell, lastDays } from './export';

let server: TestServer, owner: Auth, customer: Auth;
let shop: Shop;
const ids: number[] = [];

beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
  shop = await setupShop(server, owner);
  for (const [items, over] of [
    [{ [shop.offers.mid]: 2 }, { client_name: '=HYPERLINK("x")', client_comment: 'a;b' }],
    [{ [shop.offers.big]: 1 }, {}],
    [{ [shop.offers.cheap]: 4 }, {}],
  ] as const) {
    const r = await server.api('orders', orderForm(items, over) as Record<string, string>);
    ids.push(r.body.orders[0]);
  }
  await server.db.updateTable('orders').set({ date: '2026-01-15' }).where('number', '=', ids[2]).execute();
  // February: an order with every number of its address, and one stored before the flat field (its floor under `appart`).
  for (const over of [{ client_house: '5', client_entrance: '2', client_appart: '7', client_flat: '12' }, { client_house: '9', client_appart: '3' }]) {
    const r = await server.api('orders', orderForm({ [shop.offers.mid]: 2 }, over) as Record<string, string>);
    ids.push(r.body.orders[0]);
    await server.db.updateTable('orders').set({ date: '2026-02-10' }).where('number', '=', r.body.orders[0]).execute();
  }
  const row = await server.db.selectFrom('orders').select('data').where('number', '=', ids[4]).executeTakeFirstOrThrow();
  const { floor, flat: _flat, ...old } = JSON.parse(row.data);
  await server.db.updateTable('orders').set({ data: JSON.stringify({ ...old, appart: floor }) }).where('number', '=', ids[4]).execute();
});
afterAll(() => server?.close());

const today = () => server.db.selectFrom('orders').select('date').where('number', '=', ids[0]).executeTakeFirstOrThrow().then((r) => r.date);

describe('/rest/orders/export', () => {
  it('days=N counts the last N days of the shop’s own calendar, not the caller’s', async () => {
    // 21:30 UTC is already the next day in Moscow.
    expect(lastDays(30, 'Europe/Moscow', new Date('2026-11-24T21:30:00Z'))).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(lastDays(1, 'UTC', new Date('2026-11-24T21:30:00Z'))).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    const day = await today();
    const r = await rest(server, 'GET', '/orders/export.csv', { token: owner, query: { days: '1' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="orders-${day}-${day}.csv"`);
    expect((r.body as string).slice(1).trim().split('\r\n')).toHaveLength(3);
    for (const days of ['0', '400', 'x']) expect((await rest(server, 'GET', '/orders/export.csv', { token: owner, query: { days } })).status).toBe(400);
  });

  it('exports a period as CSV for a Russian spreadsheet: BOM, semicolons, formulas defused', async () => {
    const day = await today();
    const r = await rest(server, 'GET', '/orders/export.csv', { token: owner, query: { from: day, to: day } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/csv/);
    expect(r.headers['content-disposition']).toBe(`attachment; filename="orders-${day}-${day}.csv"`);
    const text = r.body as string;
    expect(text.startsWith('\ufeff№;Дата;Создан;Статус')).toBe(true);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${ids[0]};${day};`);
    expect(lines[1]).toContain(';"\'=HYPERLINK(""x"")"');
    expect(lines[1]).toMatch(/;800$/);
    expect(lines[2]).toMatch(new RegExp(`^${ids[1]};`));
  });

  it('reads as a person would: creation time on the shop’s clock, payment and its status by name, the phone as text', async () => {
    const day = await today();
    const { created_at } = await server.db.selectFrom('orders').select('created_at').where('number', '=', ids[0]).executeTakeFirstOrThrow();
    const r = await rest(server, 'GET', '/orders/export.csv', { token: owner, query: { from: day, to: day } });
    const cells = (r.body as string).slice(1).trim().split('\r\n')[1].split(';');
    // The shop's zone is the default, Moscow (UTC+3 all year): the minute the order was made there.
    const moscow = new Date(Date.parse(created_at) + 3 * 3600_000).toISOString();
    expect(cells[2]).toBe(`${moscow.slice(0, 10)} ${moscow.slice(11, 16)}`);
    expect(cells.slice(3, 6)).toEqual(['Новый', 'Наличные', 'При получении']);
    // Spreadsheets show ="+7…" as the phone itself: no apostrophe, no number.
    expect(cells[9]).toBe('"=""+79991234567"""');
    const x = await fetch(`${server.url}/rest/orders/export.xlsx?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${owner.token}`, host: `127.0.0.1:${server.port}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await x.arrayBuffer()) as unknown as ArrayBuffer);
    const row = wb.worksheets[0].getRow(2);
    expect([row.getCell(5).value, row.getCell(6).value, row.getCell(10).value]).toEqual(['Наличные', 'При получении', '+79991234567']);
  });

  it('exports XLSX that a spreadsheet opens, with the period’s orders only', async () => {
    const res = await fetch(`${server.url}/rest/orders/export.xlsx?from=2026-01-01&to=2026-01-31`, { headers: { authorization: `Bearer ${owner.token}`, host: `127.0.0.1:${server.port}` } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(1).getCell(1).value).toBe('№');
    expect(ws.getRow(2).getCell(1).value).toBe(ids[2]);
    expect(ws.getRow(2).getCell(13).value).toMatch(/× 4$/);
    expect(ws.getRow(2).getCell(18).value).toBe(800);
  });

  it('names the house, entrance, floor and flat of an address apart (the floor is no longer shown as the flat)', async () => {
    const r = await rest(server, 'GET', '/orders/export.csv', { token: owner, query: { from: '2026-02-01', to: '2026-02-28' } });
    const lines = (r.body as string).slice(1).trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(';Каменноостровский пр., 10, д. 5, под. 2, эт. 7, кв. 12;');
    expect(lines[2]).toContain(';Каменноостровский пр., 10, д. 9, эт. 3;');
  });

  it('is the owner’s only and needs a period', async () => {
    expect((await rest(server, 'GET', '/orders/export.csv', { token: customer, query: { from: '2026-01-01', to: '2026-01-31' } })).status).toBe(403);
    expect((await rest(server, 'GET', '/orders/export.csv', { token: owner, query: { from: '2026-01-01' } })).status).toBe(400);
  });

  it('quotes cells with separators and defuses formulas', () => {
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell(null)).toBe('');
  });
});
