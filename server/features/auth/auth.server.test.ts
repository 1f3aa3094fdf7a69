import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/hash';
import { CUSTOMER_PHONE, OWNER_PHONE, startTestServer, type Auth, type TestServer } from '../../test/helpers';

let server: TestServer;
beforeAll(async () => void (server = await startTestServer()));
afterAll(() => server?.close());

/** Every text value stored in the database, to look for a secret in it. */
async function everythingStored(): Promise<string> {
  const tables = ['stores', 'users', 'sessions', 'sms_codes'];
  const out: unknown[] = [];
  for (const t of tables) out.push(await (server.db as any).selectFrom(t).selectAll().execute());
  return JSON.stringify(out);
}

/** Moves a phone's codes back in time, as if `ms` had passed since they were sent. */
async function age(phone: string, ms: number) {
  const rows = await server.db.selectFrom('sms_codes').select(['id', 'created_at', 'expires_at']).where('phone', '=', phone).execute();
  for (const r of rows) {
    await server.db
      .updateTable('sms_codes')
      .set({ created_at: new Date(Date.parse(r.created_at) - ms).toISOString(), expires_at: new Date(Date.parse(r.expires_at) - ms).toISOString() })
      .where('id', '=', r.id)
      .execute();
  }
}

describe('api=sms_code', () => {
  it('sends a 4-digit code through the SMS adapter', async () => {
    const r = await server.api('sms_code', { phone: '+7 (999) 000-00-01' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sms_code: 'sent', code_length: '4' });
    expect(server.smsLines.at(-1)).toMatch(/^sms to \+79990000001: Код для входа в Тестовый магазин: \d{4}$/);
  });


  it('refuses a second code within 20 s with 429 and sends nothing', async () => {
    const sent = server.smsLines.length;
    const r = await server.api('sms_code', { phone: '89990000001' });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('too_many_requests');
    expect(server.smsLines.length).toBe(sent);
    await age('+79990000001', 21_000);
    const again = await server.api('sms_code', { phone: '+79990000001' });
    expect(again.status).toBe(200);
    expect(server.smsLines.length).toBe(sent + 1);
  });

  it('refuses a malformed phone (invalid_phone) and a missing one', async () => {
    const sent = server.smsLines.length;
    const bad = await server.api('sms_code', { phone: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_phone');
    expect(bad.body.error.message).toBe('Неверно записан номер');
    const missing = await server.api('sms_code', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('required_fields_error');
    expect(server.smsLines.length).toBe(sent);
  });
});

describe('api=login', () => {
  let session: Auth;

  it('logs in with the code, returns the auth form, and stores the token only as a hash', async () => {
    const r = await server.api('sms_code', { phone: CUSTOMER_PHONE });
    expect(r.status).toBe(200);
    const code = server.lastCode(CUSTOMER_PHONE)!;
    const login = await server.api('login', { phone: CUSTOMER_PHONE, code });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ user_id: expect.stringMatching(/^\d+$/), token_seq: expect.stringMatching(/^\d+$/), token: expect.any(String), is_owner: '0' });
    session = login.body;
    expect(session.token.length).toBeGreaterThanOrEqual(32);
    const stored = await everythingStored();
    expect(stored).not.toContain(session.token);
    expect(stored).not.toContain(code.length === 4 ? `"${code}"` : code);
    const row = await server.db.selectFrom('sessions').select(['token_hash', 'user_id']).where('id', '=', Number(session.token_seq)).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256(session.token));
    expect(String(row.user_id)).toBe(session.user_id);
  });

  it('checks the token: ok for the session, error for a forged one', async () => {
    const ok = await server.api('token_check', {}, { token: session });
    expect(ok.body).toEqual({ token: 'ok', user_id: session.user_id, is_owner: '0' });
    const forged = await server.api('token_check', {}, { token: { ...session, token: 'x'.repeat(session.token.length) } });
    expect(forged.body.token).toBe('error');
    const wrongSeq = await server.api('token_check', {}, { token: { ...session, token_seq: String(Number(session.token_seq) + 100) } });
    expect(wrongSeq.body.token).toBe('error');
    const wrongUser = await server.api('token_check', {}, { token: { ...session, user_id: String(Number(session.user_id) + 100) } });
    expect(wrongUser.body.token).toBe('error');
  });

  it('a used code cannot log in again', async () => {
    const code = server.lastCode(CUSTOMER_PHONE)!;
    const r = await server.api('login', { phone: CUSTOMER_PHONE, code });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('code_expired');
  });

  it('logout revokes the session: its token stops working, writes and checks fail', async () => {
    const out = await server.api('logout', {}, { token: session });
    expect(out.status).toBe(200);
    const check = await server.api('token_check', {}, { token: session });
    expect(check.body.token).toBe('error');
    const again = await server.api('logout', {}, { token: session });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error: { code: 'token_error' }, token: 'error' });
    const row = await server.db.selectFrom('sessions').select('revoked_at').where('id', '=', Number(session.token_seq)).executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('logout without a token is 401', async () => {
    const r = await server.api('logout');
    expect(r.status).toBe(401);
    expect(r.body.token).toBe('error');
  });

  it('a wrong code is 400 invalid_code and counted; after 5 wrong attempts even the right code gets 429', async () => {
    const phone = '+79990000002';
    expect((await server.api('sms_code', { phone })).status).toBe(200);
    const code = server.lastCode(phone)!;
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    for (let i = 1; i <= 5; i++) {
      const r = await server.api('login', { phone, code: wrong });
      expect(r.status, `attempt ${i}`).toBe(400);
      expect(r.body.error.code).toBe('invalid_code');
      const row = await server.db.selectFrom('sms_codes').select('attempts').where('phone', '=', phone).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.attempts).toBe(i);
    }
    const blocked = await server.api('login', { phone, code });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('too_many_requests');
    expect(await server.db.selectFrom('sessions').select('id').execute()).toHaveLength(1); // only the customer's earlier session
  });

  it('an expired code is refused with code_expired', async () => {
    const phone = '+79990000003';
    expect((await server.api('sms_code', { phone })).status).toBe(200);
    const code = server.lastCode(phone)!;
    await age(phone, 6 * 60_000);
    const r = await server.api('login', { phone, code });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('code_expired');
  });

  it('a malformed code is invalid_code, a missing one required_fields_error', async () => {
    const bad = await server.api('login', { phone: '+79990000004', code: 'abcd' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_code');
    const missing = await server.api('login', { phone: '+79990000004' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('required_fields_error');
    expect(missing.body.error.fields).toContain('code');
  });

  it("the owner logs in as owner with a 6-digit code; a 4-digit try is refused before it counts", async () => {
    const r = await server.api('sms_code', { phone: OWNER_PHONE });
    expect(r.body).toEqual({ sms_code: 'sent', code_length: '6' });
    expect(server.smsLines.at(-1)).toMatch(/: Код для входа в Тестовый магазин: \d{6}$/);
    const short = await server.api('login', { phone: OWNER_PHONE, code: server.lastCode(OWNER_PHONE)!.slice(0, 4) });
    expect(short.status).toBe(400);
    const row = await server.db.selectFrom('sms_codes').select('attempts').where('phone', '=', OWNER_PHONE).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(0);
    const auth = (await server.api('login', { phone: OWNER_PHONE, code: server.lastCode(OWNER_PHONE)! })).body;
    expect(auth.is_owner).toBe('1');
    expect(auth.user_id).toBe(String(server.ownerId));
    const check = await server.api('token_check', {}, { token: auth });
    expect(check.body).toEqual({ token: 'ok', user_id: String(server.ownerId), is_owner: '1' });
  });
});
