import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_COLOURS } from '../../../schemas';
import { CATALOGUE_TABLES, snapshot, startSignedIn, type Auth, type TestServer } from '../../test/helpers';

let server: TestServer, owner: Auth, customer: Auth;
beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
});
afterAll(() => server?.close());

const load = async (token?: Auth) => {
  const r = await server.api('stores', {}, { token });
  expect(r.status).toBe(200);
  expect(r.body.stores).toHaveLength(1);
  return r.body.stores[0];
};

describe('api=stores load', () => {
  it('gives anyone the store with its settings, controls, required fields and 46 colours', async () => {
    const s = await load();
    expect(s).toMatchObject({ id: server.storeId, name: 'Тестовый магазин', domain: 'localhost', email: 'test@example.com', userId: server.ownerId });
    expect(s.pay_cash).toBe('1');
    expect(s.pay_online).toBe('0');
    expect(Object.keys(s.controls).sort()).toEqual(['change', 'count_controls', 'is_delivery', 'is_pickup', 'map', 'show_categories', 'show_products', 'stop_purchase', 'timer']);
    for (const v of Object.values(s.controls)) expect(['1', '0']).toContain(v);
    expect(s.controls.show_products).toBe('1');
    expect(s.controls.timer).toBe('0');
    expect(Object.keys(s.required_fields).sort()).toEqual(
      ['client_address', 'client_change', 'client_comment', 'client_name', 'client_numbers', 'client_payment', 'client_phone', 'client_receiving'].sort(),
    );
    expect(s.required_fields.client_name).toBe('1');
    expect(s.required_fields.client_comment).toBe('0');
    expect(Object.keys(s.colors)).toHaveLength(46);
    for (const [name, def] of THEME_COLOURS) expect(s.colors[name]).toBe(def);
    for (const v of Object.values(s.colors)) expect(v).toMatch(/^\d{1,3},\d{1,3},\d{1,3},(0|1|0?\.\d+)$/);
  });

  it('hides the payment secrets from everyone but the owner', async () => {
    const saved = await server.api('stores', { update: 1, 'p[407_cashbox_key]': 'secret-key-1', 'p[409_acquiring_password]': 'pw-2' }, { token: owner });
    expect(saved.status).toBe(200);
    const anonymous = await load();
    expect(JSON.stringify(anonymous)).not.toContain('secret-key-1');
    expect(anonymous).not.toHaveProperty('cashbox_key');
    expect(anonymous).not.toHaveProperty('acquiring_password');
    const asCustomer = await load(customer);
    expect(JSON.stringify(asCustomer)).not.toContain('secret-key-1');
    const asOwner = await load(owner);
    expect(asOwner.cashbox_key).toBe('secret-key-1');
    expect(asOwner.acquiring_password).toBe('pw-2');
  });

  it('answers a read with a bad token and flags the token', async () => {
    const r = await server.api('stores', {}, { token: { user_id: owner.user_id, token_seq: owner.token_seq, token: 'forged-token' } });
    expect(r.status).toBe(200);
    expect(r.body.token).toBe('error');
    expect(r.body.stores[0].name).toBe('Тестовый магазин');
    expect(r.body.stores[0]).not.toHaveProperty('cashbox_key');
  });

  it('answers online_payment (a derived field), which a client cannot set and which is never stored', async () => {
    expect((await load()).online_payment).toBe('0');
    const saved = await server.api('stores', { update: 1, 'p[423_online_payment]': '1', online_payment: '1' }, { token: owner });
    expect(saved.status).toBe(200);
    expect(saved.body.stores[0].online_payment).toBe('0');
    expect((await load()).online_payment).toBe('0');
    const row = await server.db.selectFrom('stores').select('data').where('id', '=', server.storeId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data || '{}')).not.toHaveProperty('online_payment');
  });
});

describe('api=stores owner save', () => {
  it('saves fields, controls and colours by their protocol numbers, and a reload shows them', async () => {
    const r = await server.api(
      'stores',
      {
        update: 1,
        'p[399_name]': 'Новое имя',
        'p[405_email]': 'new@example.com',
        'p[406_min_sum]': '750,5',
        'p[450_timer]': '1',
        'p[455_is_pickup]': 'true',
        'p[440_client_name]': '0',
        'p[500_background_main]': '1,2,3,0.5',
      },
      { token: owner },
    );
    expect(r.status).toBe(200);
    const saved = r.body.stores[0];
    expect(saved).toMatchObject({ name: 'Новое имя', email: 'new@example.com', min_sum: 750.5 });
    const s = await load();
    expect(s).toMatchObject({ name: 'Новое имя', email: 'new@example.com', min_sum: 750.5 });
    expect(s.controls.timer).toBe('1');
    expect(s.controls.is_pickup).toBe('1');
    expect(s.required_fields.client_name).toBe('0');
    expect(s.colors.background_main).toBe('1,2,3,0.5');
    // Fields not sent are kept.
    expect(s.phone).toBe('+7 (812) 555-00-00');
    expect(s.colors.background_secondary).toBe(THEME_COLOURS[1][1]);
  });

  it('saves a single rich-text page sanitised: a script disappears, the text stays', async () => {
    const html = '<h2>О нас</h2><p onclick="steal()">Мы <b>лучшие</b><script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">ссылка</a>';
    const r = await server.api('stores', { update: 1, text: 1, about: 1, 'p[429_about_company]': html }, { token: owner });
    expect(r.status).toBe(200);
    const s = await load();
    expect(s.about_company).toContain('<h2>О нас</h2>');
    expect(s.about_company).toContain('<b>лучшие</b>');
    expect(s.about_company).toContain('ссылка');
    expect(s.about_company).not.toMatch(/<script|alert\(1\)|onclick|onerror|javascript:/i);
    // Only that page changed.
    expect(s.name).toBe('Новое имя');
  });

  it('saves each page by its flag', async () => {
    const pages = [
      ['delivery', 430, 'delivery'],
      ['payment', 431, 'payment'],
      ['contacts', 432, 'contacts'],
    ] as const;
    for (const [flag, no, name] of pages) {
      const r = await server.api('stores', { update: 1, text: 1, [flag]: 1, [`p[${no}_${name}]`]: `<p>${name} text</p><script>x()</script>` }, { token: owner });
      expect(r.status, flag).toBe(200);
    }
    const s = await load();
    for (const [, , name] of pages) expect(s[name]).toBe(`<p>${name} text</p>`);
  });

  it('refuses a page save that names no page, changing nothing', async () => {
    const before = await snapshot(server.db, ['stores']);
    const r = await server.api('stores', { update: 1, text: 1, 'p[429_about_company]': '<p>x</p>' }, { token: owner });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_input');
    expect(await snapshot(server.db, ['stores'])).toBe(before);
  });

  it('lists every blank required field and changes nothing', async () => {
    const before = await snapshot(server.db, CATALOGUE_TABLES);
    const r = await server.api('stores', { update: 1, 'p[399_name]': '', 'p[405_email]': '  ', 'p[404_phone]': '', 'p[418_title]': 'Не сохранится' }, { token: owner });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('required_fields_error');
    expect(r.body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(['email', 'name', 'phone']);
    expect(r.body.error.message).toMatch(/name/);
    expect(await snapshot(server.db, CATALOGUE_TABLES)).toBe(before);
    expect((await load()).title).not.toBe('Не сохранится');
  });

  it('refuses malformed values with invalid_input naming the fields, changing nothing', async () => {
    const before = await snapshot(server.db, ['stores']);
    const cases: [string, string, string][] = [
      ['p[405_email]', 'not-an-email', 'email'],
      ['p[406_min_sum]', 'abc', 'min_sum'],
      ['p[406_min_sum]', '-5', 'min_sum'],
      ['p[450_timer]', 'maybe', 'timer'],
      ['p[500_background_main]', 'red', 'background_main'],
      ['p[402_domain]', 'bad domain/with spaces', 'domain'],
    ];
    for (const [key, value, field] of cases) {
      const r = await server.api('stores', { update: 1, [key]: value, 'p[418_title]': 'Не сохранится' }, { token: owner });
      expect(r.status, key).toBe(400);
      expect(r.body.error.code, key).toBe('invalid_input');
      expect(r.body.error.fields.map((f: { field: string }) => f.field), key).toContain(field);
    }
    expect(await snapshot(server.db, ['stores'])).toBe(before);
  });

  it('refuses a save without a token (401 token_error) and from a customer (403), changing nothing', async () => {
    const before = await snapshot(server.db, ['stores']);
    const anonymous = await server.api('stores', { update: 1, 'p[399_name]': 'Взлом' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: { code: 'token_error' }, token: 'error' });
    const forged = await server.api('stores', { update: 1, 'p[399_name]': 'Взлом' }, { token: { ...owner, token: owner.token.slice(0, -2) + 'xx' } });
    expect(forged.status).toBe(401);
    expect(forged.body.token).toBe('error');
    const bearerForged = await server.api('stores', { update: 1, 'p[399_name]': 'Взлом' }, { token: 'a'.repeat(43) });
    expect(bearerForged.status).toBe(401);
    const byCustomer = await server.api('stores', { update: 1, 'p[399_name]': 'Взлом' }, { token: customer });
    expect(byCustomer.status).toBe(403);
    expect(byCustomer.body.error.code).toBe('forbidden');
    const pageByCustomer = await server.api('stores', { update: 1, text: 1, about: 1, 'p[429_about_company]': '<p>Взлом</p>' }, { token: customer });
    expect(pageByCustomer.status).toBe(403);
    expect(await snapshot(server.db, ['stores'])).toBe(before);
    expect((await load()).name).toBe('Новое имя');
  });

  it('accepts the owner token as Authorization: Bearer', async () => {
    const r = await server.api('stores', { update: 1, 'p[418_title]': 'Заголовок' }, { token: owner.token });
    expect(r.status).toBe(200);
    expect((await load()).title).toBe('Заголовок');
  });
});
