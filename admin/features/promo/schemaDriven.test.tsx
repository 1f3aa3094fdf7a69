import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRequire } from 'node:module';
import * as esmRouter from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminContext, ResourceContextProvider, memoryStore, testDataProvider } from 'react-admin';
import { defineFields, formKey, fromRow, promoCodeSchema, toApiObject, toRow, validateFields, type EntitySchema, type FieldDef } from '../../../schemas';
import { buildResource } from '../../components/buildResource';
import { SchemaRecordEditor } from '../../components/SchemaRecordEditor';
import { i18nProvider } from '../../i18nProvider';

/**
 * The registry's promise, on the browser side: one more field object in a schema gives the form an input
 * with the registry's validation, and the codec stores it in the row's JSON data and answers it. (The
 * server's side over real HTTP: server/test/schema-driven.test.ts.)
 */
const note: FieldDef = defineFields('promo_codes', [{ no: 990, key: 'test_note', name: 'testNote', type: 'varchar', maxLength: 20 }])[0];
const bonus: FieldDef = defineFields('promo_codes', [{ no: 992, key: 'test_bonus', name: 'testBonus', type: 'number', min: 1, required: true }])[0];
const schema: EntitySchema = { ...promoCodeSchema, fields: [...promoCodeSchema.fields, note, bonus] };

/**
 * In this test (not in the built app) react-router is loaded twice: react-admin is an external module that
 * Node loads, resolving react-router to its CommonJS build, while the panel's own modules get the ES build.
 * Each copy has its own router context, so the page is rendered inside a static data router of each.
 */
const cjsRouter = createRequire(import.meta.url)('react-router') as typeof import('react-router');

async function routed(rr: typeof import('react-router'), element: ReactNode): Promise<ReactNode> {
  const handler = rr.createStaticHandler([{ path: '*', element }]);
  const context = await handler.query(new Request('http://localhost/admin/'));
  if (context instanceof Response) throw new Error('the router answered with a redirect');
  return createElement(rr.StaticRouterProvider, { router: rr.createStaticRouter(handler.dataRoutes, context), context, hydrate: false });
}

/**
 * Server-renders a screen inside the panel's contexts and a data router (the editors' unsaved-changes
 * prompt needs one). The store names the locale already set, so react-admin renders at once.
 */
async function render(node: ComponentType): Promise<string> {
  const screen = await routed(esmRouter, createElement(node));
  const page = createElement(AdminContext, { dataProvider: testDataProvider(), i18nProvider, store: memoryStore({ locale: 'ru' }) }, createElement(ResourceContextProvider, { value: 'promo_codes', children: screen }));
  return renderToString(await routed(cjsRouter, page));
}
const inputNames = (html: string) => [...html.matchAll(/<input[^>]*name="([^"]+)"/g)].map((m) => m[1]);

describe('a field added to a schema', () => {
  it('gets an input in the generated form (buildResource) and in the promo editor screen', async () => {
    const withField = inputNames(await render(buildResource(schema).create!));
    expect(withField).toEqual(expect.arrayContaining(['name', 'code', 'discount', 'testNote', 'testBonus']));
    // The same form without the field has no such input: the input comes from the schema, nothing else.
    expect(inputNames(await render(buildResource(promoCodeSchema).create!))).not.toContain('testNote');

    const screen = inputNames(await render(() => createElement(SchemaRecordEditor, { resource: 'promo_codes', schema, id: 'new', list: '/promo_settings', texts: 'admin.promo' })));
    expect(screen).toEqual(expect.arrayContaining(['code', 'testNote', 'testBonus']));
  });

  it('is validated by the registry', () => {
    const base = { name: 'Тест', code: 'NOTE10', discount: 10 };
    expect(validateFields(schema.fields, { ...base, testNote: 'ok', testBonus: '3' })).toMatchObject({ errors: [], values: { testNote: 'ok', testBonus: 3 } });
    const bad = validateFields(schema.fields, { ...base, testNote: 'x'.repeat(21), testBonus: '0' }).errors;
    expect(bad).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'testNote', code: 'too_long' }), expect.objectContaining({ field: 'testBonus', code: 'too_small' })]));
    expect(validateFields(schema.fields, base).errors).toEqual([expect.objectContaining({ field: 'testBonus', code: 'required' })]);
  });

  it('is stored in the JSON data column and answered by its protocol key', () => {
    const { columns, data } = toRow(schema, { name: 'Тест', code: 'NOTE10', discount: 10, testNote: 'для блогеров', testBonus: 3 });
    expect(columns).toEqual({ code: 'NOTE10' });
    expect(data).toMatchObject({ testNote: 'для блогеров', testBonus: 3 });
    const back = fromRow(schema, { id: 7, code: 'NOTE10', data: JSON.stringify(data) });
    expect(toApiObject(schema, back)).toMatchObject({ code: 'NOTE10', testNote: 'для блогеров', testBonus: 3 });
    expect(formKey(note)).toBe('990_test_note');
  });
});
