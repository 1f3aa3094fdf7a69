/**
 * A failed YML import job tells the owner (their import e-mail and Telegram chat in the settings) through
 * the outbox, over real HTTP on a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_PHONE, closeAll, startTestServer, until, type Auth, type TestServer } from '../../test/helpers';
import { storeSettings } from '../../test/checkoutFixtures';
import { startNotificationFakes, type FakeTelegram, type SmtpCatcher } from '../../test/fakeNotifications';

let server: TestServer;
let owner: Auth;
let smtp: SmtpCatcher;
let telegram: FakeTelegram;

async function upload(name: string, data: string) {
  const form = new FormData();
  form.append('file', new Blob([data], { type: 'text/xml' }), name);
  const res = await fetch(`${server.url}/rest/yml_imports`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
  return { status: res.status, body: (await res.json()) as { id: number } };
}
async function ended(id: number) {
  for (;;) {
    const res = await fetch(`${server.url}/rest/yml_imports/${id}`, { headers: { authorization: `Bearer ${owner.token}` } });
    const job = (await res.json()) as { status: string; error: { code: string } | null };
    if (['done', 'failed', 'cancelled'].includes(job.status)) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const rows = () => server.db.selectFrom('outbox').selectAll().where('event', '=', 'import_failed').orderBy('id').execute();

beforeAll(async () => {
  const fakes = await startNotificationFakes();
  ({ smtp, telegram } = fakes);
  server = await startTestServer({ config: fakes.config });
  owner = await server.signIn(OWNER_PHONE);
});
afterAll(() => closeAll(server, smtp, telegram));

describe('failed import notification', () => {
  it('e-mails the shop’s address while the owner set no import channel, then the import’s own e-mail and chat when an import fails', async () => {
    const first = await upload('broken.xml', '<yml_catalog><shop><offers><offer id="1">');
    expect(first.status).toBe(201);
    expect((await ended(first.body.id)).status).toBe('failed');
    // The one required address ('Почта для заказов') hears of it: an owner who set nothing else is still told.
    expect((await rows()).map((r) => [r.channel, r.recipient])).toEqual([['email', 'test@example.com']]);

    await storeSettings(server, owner, { notify_imports_email: 'imports@example.com', notify_imports_telegram: '-100777', telegram_bot_token: '123456:AAbbCCddEEffGGhh_test-token' });
    const started = await upload('broken.xml', 'this is not a feed');
    const job = await ended(started.body.id);
    expect(job.status).toBe('failed');
    const queued = (await rows()).slice(1);
    expect(queued.map((r) => [r.channel, r.recipient, r.subject])).toEqual([
      ['email', 'imports@example.com', 'Импорт YML не удался'],
      ['telegram', '-100777', 'Импорт YML не удался'],
    ]);
    expect(queued[0].body).toContain(job.error!.code);
    const mail = await until('the import e-mail', () => smtp.mails.find((m) => m.to.includes('imports@example.com')));
    expect(mail.subject).toBe('Импорт YML не удался');
    await until('the Telegram message', () => telegram.messages.find((m) => m.chat_id === '-100777' && m.text.includes('Импорт YML не удался')));
  });

  it('a successful import queues no message', async () => {
    const before = (await rows()).length;
    const feed = `<?xml version="1.0" encoding="UTF-8"?><yml_catalog date="2026-11-24 10:00"><shop><name>Т</name><company>Т</company><url>https://shop.example/</url><currencies><currency id="RUR" rate="1"/></currencies><categories><category id="1">Всё</category></categories><offers><offer id="ok1"><name>Товар</name><price>10</price><categoryId>1</categoryId></offer></offers></shop></yml_catalog>`;
    const started = await upload('good.xml', feed);
    expect((await ended(started.body.id)).status).toBe('done');
    expect(await rows()).toHaveLength(before);
  });
});
