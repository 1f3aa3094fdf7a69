/** The `http` SMS adapter against a fake gateway on 127.0.0.1: what it posts, and a gateway that fails. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers';
import { startFakeSmsGateway, type FakeSmsGateway } from '../../test/fakeNotifications';

let gateway: FakeSmsGateway;
let server: TestServer;

beforeAll(async () => {
  gateway = await startFakeSmsGateway();
  // The configuration the operator sets (SMS_ADAPTER=http, SMS_URL): the app builds the http adapter itself.
  server = await startTestServer({ config: { smsAdapter: 'http', smsUrl: gateway.url } });
});
afterAll(async () => {
  await server?.close();
  await gateway?.close();
});

describe('the http SMS adapter', () => {
  it('posts the phone as digits and the text with the code as a form', async () => {
    const r = await server.api('sms_code', { phone: '+7 (999) 123-45-67' });
    expect(r.status).toBe(200);
    expect(gateway.received.at(-1)).toMatchObject({ phoneNumber: '79991234567', type: expect.stringMatching(/application\/x-www-form-urlencoded/) });
    const code = /(\d{4})$/.exec(gateway.received.at(-1)!.text)?.[1];
    expect(gateway.received.at(-1)!.text).toMatch(/^Код для входа в Тестовый магазин: \d{4}$/);
    // The code that went out signs in.
    const login = await server.api('login', { phone: '+79991234567', code: code! });
    expect(login.status).toBe(200);
    expect(login.body.token).toBeTruthy();
  });

  it('a failing gateway gives 502 sms_error and forgets the code, so asking again works at once', async () => {
    gateway.failing = true;
    const sent = gateway.received.length;
    const r = await server.api('sms_code', { phone: '+79995554433' });
    expect(r.status).toBe(502);
    expect(r.body.error).toMatchObject({ code: 'sms_error', message: 'Не удалось отправить SMS, попробуйте позже' });
    expect(gateway.received.length).toBe(sent + 1);
    const codes = await server.db.selectFrom('sms_codes').select('id').where('phone', '=', '+79995554433').execute();
    expect(codes).toHaveLength(0);
    gateway.failing = false;
    const again = await server.api('sms_code', { phone: '+79995554433' });
    expect(again.status).toBe(200);
    expect(gateway.received.at(-1)!.phoneNumber).toBe('79995554433');
  });
});
