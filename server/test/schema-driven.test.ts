import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY, defineFields, formKey, offerSchema, promoCodeSchema, type FieldDef } from '../../schemas';
import { OWNER_PHONE, startTestServer, type Auth, type TestServer } from './helpers';
import { rest } from './checkoutFixtures';

/**
 * The registry's promise: a field added to a schema is parsed from the API, validated, stored and answered
 * with no other code. The registry has no run-time registration call, so this test edits the schemas the
 * way a developer would (one more field object in `fields`), before the server is built, and takes it out
 * afterwards. Numbers 990 and 991 are free (checked).
 */
const offerNote: FieldDef = defineFields('offers', [{ no: 991, key: 'test_note', name: 'testNote', type: 'varchar', maxLength: 20 }])[0];
const promoNote: FieldDef = defineFields('promo_codes', [{ no: 990, key: 'test_note', name: 'testNote', type: 'varchar', maxLength: 20 }])[0];

let server: TestServer;
let owner: Auth;
let category: string;
beforeAll(async () => {
  expect(REGISTRY.has(offerNote.no) || REGISTRY.has(promoNote.no)).toBe(false);
  offerSchema.fields.push(offerNote);
  promoCodeSchema.fields.push(promoNote);
  server = await startTestServer();
  owner = await server.signIn(OWNER_PHONE);
  category = await server.createCategory({ category: 'Тест' });
});
afterAll(async () => {
  offerSchema.fields.splice(offerSchema.fields.indexOf(offerNote), 1);
  promoCodeSchema.fields.splice(promoCodeSchema.fields.indexOf(promoNote), 1);
  await server?.close();
});

describe('a field added to a schema', () => {
  it(`is saved from p[${formKey(offerNote)}] over api=offers, kept in the JSON data column and answered`, async () => {
    const created = await server.api('offers', { set: 1, 'p[275_type]': 'common', 'p[276_name]': 'Пицца', 'p[283_price]': '500', 'p[287_categoryId]': category, [`p[${formKey(offerNote)}]`]: 'с базиликом' }, { token: owner });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.offers[0].id as string;
    const row = await server.db.selectFrom('offers').select('data').where('id', '=', id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data).testNote).toBe('с базиликом');
    const read = await server.api('offers', { 'p[478_offer_id]': id });
    expect(read.body.offers[0].testNote).toBe('с базиликом');

    // The registry's limit applies: too long is refused, naming the field, and nothing changes.
    const bad = await server.api('offers', { update: 1, 'p[478_offer_id]': id, [`p[${formKey(offerNote)}]`]: 'x'.repeat(21) }, { token: owner });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error.fields)).toContain('testNote');
    expect((await server.api('offers', { 'p[478_offer_id]': id })).body.offers[0].testNote).toBe('с базиликом');
  });

  it('is saved and answered by the REST resource of its entity (promo codes)', async () => {
    const created = await rest(server, 'POST', '/promo_codes', { token: owner, json: { name: 'Тест', code: 'NOTE10', discount: 10, testNote: 'для блогеров' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.testNote).toBe('для блогеров');
    const row = await server.db.selectFrom('promo_codes').select('data').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data).testNote).toBe('для блогеров');
    expect((await rest(server, 'GET', `/promo_codes/${created.body.id}`, { token: owner })).body.testNote).toBe('для блогеров');
    const bad = await rest(server, 'PUT', `/promo_codes/${created.body.id}`, { token: owner, json: { testNote: 'x'.repeat(21) } });
    expect(bad.status).toBe(400);
  });
});
