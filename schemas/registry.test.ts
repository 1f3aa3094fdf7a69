import { describe, expect, it } from 'vitest';
import {
  CONTROLS,
  ENTITIES,
  REGISTRY,
  REQUIRED_ORDER_FIELDS,
  THEME_COLOURS,
  formKey,
  storeSchema,
  offerSchema,
  offerFieldsFor,
  RGBA_PATTERN,
  hexToRgba,
  rgbaToHex,
  validateFields,
  toApiObject,
  fromRow,
  toRow,
} from './index';

const allFields = Object.values(ENTITIES).flatMap((e) => e.fields);

describe('field registry', () => {
  it('gives every field a unique number', () => {
    const seen = new Map<number, string>();
    for (const [entity, s] of Object.entries(ENTITIES)) {
      for (const f of s.fields) {
        expect(seen.get(f.no), `${entity}.${f.name} reuses ${f.no} of ${seen.get(f.no)}`).toBeUndefined();
        seen.set(f.no, `${entity}.${f.name}`);
      }
    }
    expect(REGISTRY.size).toBe(allFields.length);
  });

  it('keeps every number the seed names, with the seed key', () => {
    const named: Record<number, string> = {
      478: '478_offer_id',
      274: '274_store_id',
      398: '398_store_id',
      287: '287_categoryId',
      486: '486_category_id',
      389: '389_category_id',
      396: '396_param_id',
      394: '394_category_id',
      395: '395_param_id',
      479: '479_value',
      480: '480_value_id',
      593: '593_banner_id',
      674: '674_place_id',
      751: '751_delivery',
    };
    for (const [no, key] of Object.entries(named)) expect(formKey(REGISTRY.get(Number(no))!)).toBe(key);
    for (let no = 466; no <= 475; no++) expect(formKey(REGISTRY.get(no)!)).toBe(`${no}_img`);
    for (const no of [487, 488, 388, 390, 391, 392, 393, 493, 591, 592, 594, 595, 666, 667, 670, 688 - 14]) expect(REGISTRY.has(no), String(no)).toBe(true);
    // Common filters: shop, price, warranty are offer fields with these numbers.
    expect(REGISTRY.get(292)?.key).toBe('shop');
    expect(REGISTRY.get(283)?.key).toBe('price');
    expect(REGISTRY.get(306)?.key).toBe('manufacturer_warranty');
  });

  it('leaves 323..386 free for custom param base ids', () => {
    for (let no = 323; no <= 386; no++) expect(REGISTRY.has(no)).toBe(false);
  });

  it('has the seed defaults for controls and required order fields', () => {
    const store = Object.fromEntries(storeSchema.fields.map((f) => [f.name, f]));
    expect(Object.fromEntries(CONTROLS)).toEqual({
      timer: false,
      change: false,
      count_controls: false,
      show_products: true,
      show_categories: true,
      is_pickup: false,
      is_delivery: true,
      map: true,
      stop_purchase: false,
    });
    expect(Object.fromEntries(REQUIRED_ORDER_FIELDS)).toEqual({
      client_name: true,
      client_phone: true,
      client_payment: true,
      client_receiving: true,
      client_address: true,
      client_change: false,
      client_numbers: false,
      client_comment: false,
    });
    for (const [k, v] of [...CONTROLS, ...REQUIRED_ORDER_FIELDS]) expect(store[k].default).toBe(v);
    expect(store.min_sum.default).toBe(0);
    expect(store.delivery_cost.default).toBe(0);
    expect(store.delivery_duration.default).toBe(100);
    expect(store.delivery_popup.default).toBe('Заказ принят');
    expect(store.pickup_popup.default).toBe('Заказ принят');
    for (const k of ['name', 'domain', 'phone', 'email']) expect(store[k].required).toBe(true);
  });

  it('has 46 colours in r,g,b,alpha with search input 255,255,255,1', () => {
    expect(THEME_COLOURS).toHaveLength(46);
    expect(new Set(THEME_COLOURS.map(([n]) => n)).size).toBe(46);
    for (const [, v] of THEME_COLOURS) expect(v).toMatch(RGBA_PATTERN);
    expect(Object.fromEntries(THEME_COLOURS).search_input).toBe('255,255,255,1');
    expect(storeSchema.fields.filter((f) => f.type === 'colour')).toHaveLength(46);
  });
});

describe('colour conversions', () => {
  it('derives rgba from 7-char hex, alpha defaulting to 1 and clamped', () => {
    expect(hexToRgba('#FF8000', '')).toBe('255,128,0,1');
    expect(hexToRgba('#FF8000', 3)).toBe('255,128,0,1');
    expect(hexToRgba('#ff8000', 0.25)).toBe('255,128,0,0.3');
    expect(hexToRgba('#FF80', 1)).toBeNull();
    expect(rgbaToHex('255,128,0,0.5')).toEqual({ hex: '#FF8000', alpha: 0.5 });
    expect(RGBA_PATTERN.test('255,255,255,')).toBe(true);
    expect(RGBA_PATTERN.test('256,0,0,1')).toBe(false);
  });
});

describe('validateFields', () => {
  it('refuses blank required fields and names them, and types the rest', () => {
    const { values, errors } = validateFields(offerFieldsFor("common"), { name: '  ', price: '12.5', categoryId: '3', available: '0' });
    expect(errors.map((e) => [e.field, e.code])).toEqual([['name', 'required']]);
    expect(values.price).toBe(12.5);
    expect(values.available).toBe(false);
  });
  it('rejects mistyped numbers and unknown options', () => {
    const { errors } = validateFields(offerFieldsFor("common"), { name: 'x', price: 'abc', categoryId: '1', type: 'spaceship' });
    expect(errors.map((e) => [e.field, e.code]).sort()).toEqual([
      ['price', 'invalid'],
      ['type', 'not_option'],
    ]);
  });
  it('fills blank optional fields with defaults and leaves absent ones alone on update', () => {
    const full = validateFields(storeSchema.fields, { name: 'A', domain: 'a.ru', phone: '+7 999', email: 'a@b.ru', min_sum: '' });
    expect(full.errors).toEqual([]);
    expect(full.values.min_sum).toBe(0);
    expect(full.values.timer).toBe(false);
    const partial = validateFields(storeSchema.fields, { email: 'nope' }, { partial: true });
    expect(partial.errors.map((e) => e.field)).toEqual(['email']);
    expect(Object.keys(partial.values)).toEqual([]);
  });
});

describe('codec', () => {
  it('round-trips through columns and the data document and nests groups for the API', () => {
    const values = { id: '12', name: 'Чайник', price: 990, available: true, vendor: 'Bork', description: '<p>x</p>', manufacturer_warranty: false };
    const { columns, data } = toRow(offerSchema, values);
    expect(columns).toMatchObject({ id: '12', name: 'Чайник', price: 990, available: 1, vendor: 'Bork', manufacturer_warranty: 0 });
    expect(data).toEqual({ description: '<p>x</p>' });
    const back = fromRow(offerSchema, { ...columns, data: JSON.stringify(data) });
    expect(back).toMatchObject(values);
    const api = toApiObject(offerSchema, back);
    expect(api).toMatchObject({ id: '12', available: '1', manufacturer_warranty: '0', price: 990 });
    const store = toApiObject(storeSchema, fromRow(storeSchema, { id: 1, name: 'S', data: '{}' }));
    expect((store.controls as Record<string, unknown>).show_products).toBe('1');
    expect((store.colors as Record<string, unknown>).search_input).toBe('255,255,255,1');
    expect(store).not.toHaveProperty('acquiring_password');
  });
});

describe('derived fields', () => {
  it('are declared read-only, never stored or read from a row, never taken from a client, answered when computed', () => {
    const derived = allFields.filter((f) => f.derived);
    // online_payment from the acquirer's settings; the domain's proof state from the domain check (issue 34).
    expect(derived.map((f) => `${f.no}_${f.key}`)).toEqual(['423_online_payment', '425_domain_status', '426_domain_live', '427_domain_proof']);
    for (const f of derived) expect(f.readOnly, f.key).toBe(true);
    const online = derived[0];
    expect(online.readOnly).toBe(true);
    expect(toRow(storeSchema, { name: 'S', online_payment: true })).toEqual({ columns: { name: 'S' }, data: {} });
    expect(fromRow(storeSchema, { id: 1, name: 'S', data: JSON.stringify({ online_payment: true }) })).not.toHaveProperty('online_payment');
    expect(validateFields(storeSchema.fields, { online_payment: '1' }, { partial: true }).values).toEqual({});
    expect(toApiObject(storeSchema, { online_payment: true }).online_payment).toBe('1');
    expect(toApiObject(storeSchema, {})).not.toHaveProperty('online_payment');
  });
});
