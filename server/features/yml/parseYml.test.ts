import { describe, it, expect } from 'vitest';
import { Readable } from 'node:stream';
import { parseYml } from './parseYml';
import { YmlError, type YmlOffer, type YmlCategory, type YmlCurrency, type YmlShop } from './parser/types';

/** Wraps offers (and optional extra shop content) in a minimal valid feed. */
function feed(offers: string, opts: { currencies?: string; categories?: string; head?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2025-03-01 12:00">
  <shop>
    <name>Тест</name>
    <company>ООО «Тест»</company>
    <url>https://shop.example</url>${opts.head ?? ''}
    <currencies>${opts.currencies ?? '<currency id="RUR" rate="1"/>'}</currencies>
    <categories>${opts.categories ?? '<category id="1">Всё</category>'}</categories>
    <offers>${offers}</offers>
  </shop>
</yml_catalog>`;
}

async function collect(input: Parameters<typeof parseYml>[0]) {
  const offers: YmlOffer[] = [];
  const categories: YmlCategory[] = [];
  const currencies: YmlCurrency[] = [];
  const shops: YmlShop[] = [];
  const events: string[] = [];
  const result = await parseYml(input, {
    onShop: (s) => {
      shops.push(s);
      events.push('shop');
    },
    onCurrency: (c) => {
      currencies.push(c);
      events.push('currency');
    },
    onCategory: (c) => {
      categories.push(c);
      events.push('category');
    },
    onOffer: (o) => {
      offers.push(o);
      events.push('offer');
    },
  });
  return { result, offers, categories, currencies, shops, events };
}

async function one(offerXml: string, opts?: Parameters<typeof feed>[1]): Promise<YmlOffer> {
  const { offers } = await collect(feed(offerXml, opts));
  expect(offers).toHaveLength(1);
  return offers[0];
}

async function rejection(xml: string): Promise<Error> {
  try {
    await parseYml(xml, { onOffer: () => undefined });
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected the parse to fail');
}

describe('parseYml: shop, currencies, categories', () => {
  it('reads shop, currencies and the category tree, parents first', async () => {
    const xml = feed('<offer id="1"><name>A</name><price>10</price><currencyId>RUR</currencyId><categoryId>3</categoryId><picture>a.jpg</picture></offer>', {
      currencies: '<currency id="RUR" rate="1"/><currency id="USD" rate="CBRF" plus="2"/><currency id="EUR" rate="98,5"/>',
      categories: '<category id="3" parentId="2">Наушники</category><category id="2" parentId="1">Аудио</category><category id="1">Электроника</category>',
    });
    const { result, shops, currencies, categories, events } = await collect(xml);
    expect(shops).toEqual([{ name: 'Тест', company: 'ООО «Тест»', url: 'https://shop.example', deliveryOptions: [], pickupOptions: [] }]);
    expect(currencies).toEqual([
      { id: 'RUR', rate: '1' },
      { id: 'USD', rate: 'CBRF', plus: '2' },
      { id: 'EUR', rate: '98.5' },
    ]);
    expect(categories).toEqual([
      { id: '1', parentId: null, name: 'Электроника' },
      { id: '2', parentId: '1', name: 'Аудио' },
      { id: '3', parentId: '2', name: 'Наушники' },
    ]);
    expect(events).toEqual(['shop', 'currency', 'currency', 'currency', 'category', 'category', 'category', 'offer']);
    expect(result.date).toBe('2025-03-01 12:00');
    expect(result.offers).toBe(1);
    expect(result.categories).toBe(3);
    expect(result.categoryList).toEqual(categories);
    expect(result.currencies).toEqual(currencies);
    expect(result.warnings).toEqual([]);
  });

  it('makes categories with undeclared, zero or looping parents top level, with warnings', async () => {
    const { categories, result } = await collect(
      feed('', {
        categories:
          '<category id="1" parentId="0">Корень</category><category id="2" parentId="77">Сирота</category>' +
          '<category id="3" parentId="4">A</category><category id="4" parentId="3">B</category>' +
          '<category id="5" parentId="5">Сам себе</category><category id="6">  </category><category>Без id</category>',
      }),
    );
    const byId = Object.fromEntries(categories.map((c) => [c.id, c]));
    expect(byId['1'].parentId).toBeNull();
    expect(byId['2'].parentId).toBeNull();
    expect(byId['5'].parentId).toBeNull();
    // One category of the loop becomes top level, the other stays under it.
    expect([byId['3'].parentId, byId['4'].parentId].filter((p) => p === null)).toHaveLength(1);
    expect(byId['6'].name).toBe('6');
    expect(categories).toHaveLength(6);
    const w = result.warnings.join('\n');
    expect(w).toMatch(/category 2 .*parent 77 is not declared/);
    expect(w).toMatch(/loops/);
    expect(w).toMatch(/category 5 .*own parent/);
    expect(w).toMatch(/category 6 has no name/);
    expect(w).toMatch(/<category> without id skipped/);
    expect(w).not.toMatch(/category 1\b/);
  });

  it('applies shop-wide delivery options to offers without their own', async () => {
    const xml = feed(
      '<offer id="1"><name>A</name><price>1</price></offer>' +
        '<offer id="2"><name>B</name><price>1</price><delivery-options><option cost="0" days="0" /></delivery-options></offer>' +
        '<offer id="3"><name>C</name><price>1</price><delivery>false</delivery><pickup>false</pickup></offer>',
      { head: '<delivery-options><option cost="300" days="1-3" order-before="18"/></delivery-options><pickup-options><option cost="0" days="1"/></pickup-options>' },
    );
    const { offers, shops } = await collect(xml);
    expect(shops[0].deliveryOptions).toEqual([{ cost: '300', days: '1-3', orderBefore: '18' }]);
    expect(offers[0]).toMatchObject({ delivery_options_cost: '300', delivery_options_days: '1-3', delivery_options_order_before: '18', pickup_options_cost: '0', pickup_options_days: '1' });
    expect(offers[1]).toMatchObject({ delivery_options_cost: '0', delivery_options_days: '0', pickup_options_cost: '0' });
    expect(offers[1].delivery_options_order_before).toBeUndefined();
    // No inherited options where delivery or pickup is switched off.
    expect(Object.keys(offers[2]).filter((k) => k.includes('_options_'))).toEqual([]);
  });
});

describe('parseYml: offer types', () => {
  it('reads a simplified (common) offer with every common field', async () => {
    const o = await one(`
      <offer id="sku-1" available="true" group_id="G7" bid="21">
        <name>  Смартфон   Альфа
          128 ГБ </name>
        <name_1c>СМАРТФОН_АЛЬФА_128</name_1c>
        <vendor>Альфа</vendor>
        <vendorCode>A-128</vendorCode>
        <url>https://shop.example/p/1</url>
        <price>19990</price>
        <oldprice>24990</oldprice>
        <enable_auto_discounts>true</enable_auto_discounts>
        <currencyId>RUR</currencyId>
        <categoryId>1</categoryId>
        <picture>images/phone-1.jpg</picture>
        <supplier ogrn="1234567890123"/>
        <delivery>true</delivery>
        <pickup>false</pickup>
        <store>true</store>
        <delivery-options><option cost="250" days="2-4" order-before="15"/><option cost="0" days="7"/></delivery-options>
        <pickup-options><option cost="0" days="1" order-before="12"/></pickup-options>
        <local_delivery_cost>300</local_delivery_cost>
        <local_delivery_days>1</local_delivery_days>
        <description><![CDATA[<p>Отличный <b>смартфон</b></p>]]></description>
        <sales_notes>Предоплата 10%</sales_notes>
        <min-quantity>2</min-quantity>
        <manufacturer_warranty>true</manufacturer_warranty>
        <country_of_origin>Китай</country_of_origin>
        <adult>false</adult>
        <barcode>4601234567890</barcode>
        <barcode>4601234567891</barcode>
        <condition type="likenew"><reason>Вскрыта упаковка</reason></condition>
        <credit-template id="CT-1"/>
        <expiry>P2Y</expiry>
        <weight>0.2</weight>
        <dimensions>15.1/7.2/0.8</dimensions>
        <downloadable>false</downloadable>
        <year>2024</year>
        <month>5</month>
        <param name="Цвет">чёрный</param>
        <param name="Объём памяти" unit="ГБ">128</param>
      </offer>`);
    expect(o).toEqual({
      id: 'sku-1',
      type: 'common',
      available: '1',
      groupId: 'G7',
      bid: '21',
      name: 'Смартфон Альфа 128 ГБ',
      oneCName: 'СМАРТФОН_АЛЬФА_128',
      vendor: 'Альфа',
      vendorCode: 'A-128',
      url: 'https://shop.example/p/1',
      price: '19990',
      oldprice: '24990',
      enable_auto_discounts: '1',
      currencyId: 'RUR',
      categoryId: '1',
      pictures: ['images/phone-1.jpg'],
      supplier: '1234567890123',
      delivery: '1',
      pickup: '0',
      shop: '1',
      delivery_options_cost: '250',
      delivery_options_days: '2-4',
      delivery_options_order_before: '15',
      pickup_options_cost: '0',
      pickup_options_days: '1',
      pickup_options_order_before: '12',
      local_delivery_cost: '300',
      local_delivery_days: '1',
      description: '<p>Отличный <b>смартфон</b></p>',
      sales_notes: 'Предоплата 10%',
      min_quantity: '2',
      manufacturer_warranty: '1',
      country_of_origin: 'Китай',
      adult: '0',
      barcode: '4601234567890,4601234567891',
      conditionType: 'likenew',
      conditionReason: 'Вскрыта упаковка',
      creditTemplate: 'CT-1',
      expiry: 'P2Y',
      weight: '0.2',
      length: '15.1',
      width: '7.2',
      height: '0.8',
      downloadable: '0',
      year: '2024',
      month: '5',
      params: [
        { name: 'Цвет', value: 'чёрный' },
        { name: 'Объём памяти', unit: 'ГБ', value: '128' },
      ],
      extra: {},
    });
  });

  it('reads vendor.model with several pictures (max 10 kept)', async () => {
    const pics = Array.from({ length: 12 }, (_, i) => `<picture>https://img.example/${i + 1}.jpg</picture>`).join('');
    const o = await one(
      `<offer id="vm" type="vendor.model"><typePrefix>Ноутбук</typePrefix><vendor>Бета</vendor><model>Про 14</model>
       <price>89990</price><currencyId>RUR</currencyId><categoryId>1</categoryId>${pics}<picture>https://img.example/1.jpg</picture>
       <oneCName>НОУТ_БЕТА</oneCName><supplier>ООО Поставщик</supplier></offer>`,
    );
    expect(o.type).toBe('vendor.model');
    expect(o).toMatchObject({ typePrefix: 'Ноутбук', vendor: 'Бета', model: 'Про 14', oneCName: 'НОУТ_БЕТА', supplier: 'ООО Поставщик' });
    expect(o.name).toBeUndefined();
    expect(o.pictures).toHaveLength(10);
    expect(o.pictures[0]).toBe('https://img.example/1.jpg');
    expect(o.pictures[9]).toBe('https://img.example/10.jpg');
  });

  it('reads book and audiobook fields', async () => {
    const { offers } = await collect(
      feed(`
      <offer id="b1" type="book"><name>Сказки</name><author>Иванов И.</author><publisher>Изд-во</publisher>
        <series>Классика</series><year>2020</year><ISBN>978-5-00000-000-0</ISBN><volume>2</volume><part>1</part>
        <language>rus</language><binding>70x90/32</binding><page_extent>320</page_extent>
        <table_of_contents>Глава 1
Глава 2</table_of_contents><downloadable>false</downloadable>
        <price>500</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>b.jpg</picture></offer>
      <offer id="b2" type="audiobook"><name>Повесть</name><author>Петров</author><publisher>Звук</publisher>
        <performed_by>Сидоров</performed_by><performance_type>начитана</performance_type><storage>CD</storage>
        <format>MP3</format><recording_length>5:30</recording_length><downloadable>true</downloadable>
        <price>300</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>a.jpg</picture></offer>`),
    );
    expect(offers[0]).toMatchObject({
      type: 'book', author: 'Иванов И.', publisher: 'Изд-во', series: 'Классика', year: '2020', ISBN: '978-5-00000-000-0',
      volume: '2', part: '1', language: 'rus', binding: '70x90/32', page_extent: '320', table_of_contents: 'Глава 1\nГлава 2', downloadable: '0',
    });
    expect(offers[1]).toMatchObject({
      type: 'audiobook', author: 'Петров', performed_by: 'Сидоров', performance_type: 'начитана', storage: 'CD',
      format: 'MP3', recording_length: '5:30', downloadable: '1',
    });
  });

  it('reads artist.title fields', async () => {
    const o = await one(`
      <offer id="m1" type="artist.title"><artist>Оркестр</artist><title>Вальсы</title><year>1999</year><media>CD</media>
        <starring>Актёр А, Актёр Б</starring><director>Режиссёр</director><originalName>Waltzes</originalName><country>Россия</country>
        <price>700</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>m.jpg</picture></offer>`);
    expect(o).toMatchObject({
      type: 'artist.title', artist: 'Оркестр', title: 'Вальсы', year: '1999', media: 'CD', starring: 'Актёр А, Актёр Б',
      director: 'Режиссёр', originalName: 'Waltzes', country: 'Россия',
    });
  });

  it('reads tour fields with several dataTour dates', async () => {
    const o = await one(`
      <offer id="t1" type="tour"><name>Байкал</name><worldRegion>Азия</worldRegion><country>Россия</country><region>Иркутская область</region>
        <days>7</days><dataTour>2025-07-01</dataTour><dataTour>2025-07-15</dataTour><hotel_stars>4*</hotel_stars><room>DBL</room>
        <meal>HB</meal><included>Проживание, экскурсии</included><transport>Авиа</transport><price_min>50000</price_min>
        <price_max>70000</price_max><options>Рыбалка</options>
        <price>60000</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>t.jpg</picture></offer>`);
    expect(o).toMatchObject({
      type: 'tour', name: 'Байкал', worldRegion: 'Азия', country: 'Россия', region: 'Иркутская область', days: '7',
      dataTour: ['2025-07-01', '2025-07-15'], hotel_stars: '4*', room: 'DBL', meal: 'HB', included: 'Проживание, экскурсии',
      transport: 'Авиа', price_min: '50000', price_max: '70000', options: 'Рыбалка',
    });
  });

  it('reads event-ticket fields, hall part from the element or the attribute', async () => {
    const { offers } = await collect(
      feed(`
      <offer id="e1" type="event-ticket"><name>Концерт</name><place>Филармония</place><hall plan="plan.png">Большой зал</hall>
        <hall_part>Партер</hall_part><date>2025-09-01 19:00</date><is_premiere>0</is_premiere><is_kids>true</is_kids>
        <price>1500</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>e.jpg</picture></offer>
      <offer id="e2" type="event-ticket"><name>Балет</name><place>Театр</place><hall part="Амфитеатр">Малый зал</hall>
        <date>2025-10-01 19:00</date><is_premiere>1</is_premiere><is_kids>0</is_kids>
        <price>2500</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>e.jpg</picture></offer>`),
    );
    expect(offers[0]).toMatchObject({ type: 'event-ticket', place: 'Филармония', hall: 'Большой зал', hall_part: 'Партер', date: '2025-09-01 19:00', is_premiere: '0', is_kids: '1' });
    expect(offers[0].extra.hall_plan).toBe('plan.png');
    expect(offers[1]).toMatchObject({ hall: 'Малый зал', hall_part: 'Амфитеатр', is_premiere: '1', is_kids: '0' });
  });

  it('keeps an unknown type as written and normalises booleans', async () => {
    const { offers } = await collect(
      feed(`
      <offer id="x1" type="medicine" available="false"><name>A</name><price>1</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>a</picture>
        <adult>true</adult><manufacturer_warranty>P1Y6M</manufacturer_warranty></offer>
      <offer id="x2" available="0"><name>B</name><price>1</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>a</picture>
        <manufacturer_warranty>false</manufacturer_warranty><delivery>1</delivery><pickup>0</pickup></offer>
      <offer id="x3"><name>C</name><price>1</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>a</picture></offer>`),
    );
    expect(offers[0]).toMatchObject({ type: 'medicine', available: '0', adult: '1', manufacturer_warranty: '1' });
    expect(offers[0].extra.warranty_period).toBe('P1Y6M');
    expect(offers[1]).toMatchObject({ type: 'common', available: '0', manufacturer_warranty: '0', delivery: '1', pickup: '0' });
    expect(offers[2].available).toBe('1');
  });
});

describe('parseYml: messy feeds give warnings, not crashes', () => {
  it('skips params without a name, keeps offers with undeclared currency, price 0 or no picture', async () => {
    const { offers, result } = await collect(
      feed(
        `<offer id="m1"><name>A</name><price>0</price><currencyId>BYN</currencyId><categoryId>1</categoryId>
           <param name="">x</param><param name="  ">y</param><param name="Вес" unit="кг">  1.5 </param><param name="Пусто"> </param></offer>
         <offer id="m2"><name>B</name><currencyId>rub</currencyId><categoryId>404</categoryId><picture>b.jpg</picture></offer>
         <offer id="m3"><name>C</name><price>abc</price><oldprice>1 200,50</oldprice><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>c.jpg</picture></offer>`,
      ),
    );
    expect(offers.map((o) => o.id)).toEqual(['m1', 'm2', 'm3']);
    expect(offers[0].price).toBe('0');
    expect(offers[0].pictures).toEqual([]);
    expect(offers[0].params).toEqual([{ name: 'Вес', unit: 'кг', value: '1.5' }]);
    expect(offers[0].currencyId).toBe('BYN');
    expect(offers[1].price).toBe('0');
    expect(offers[1].currencyId).toBe('RUB'); // RUB and RUR are the same currency: no warning
    expect(offers[2].price).toBe('0');
    expect(offers[2].oldprice).toBe('1200.50');
    const w = result.warnings.join('\n');
    expect(w).toMatch(/m1: <param> without a name skipped/);
    expect(w).toMatch(/m1: <param name="Пусто"> without a value skipped/);
    expect(w).toMatch(/m1: currency BYN is not declared/);
    expect(w).not.toMatch(/currency RUB/);
    expect(w).toMatch(/m2: category 404 is not declared/);
    expect(w).toMatch(/m3: <price> "abc" is not a number/);
    expect(w).toMatch(/offers with price 0 or no price: 3 \(m1, m2, m3\)/);
    expect(w).toMatch(/offers without pictures: 1 \(m1\)/);
  });

  it('trims padded text, decodes entities (XML and HTML) and keeps CDATA as text', async () => {
    const o = await one(`
      <offer id="  e1  ">
        <name>
            Чайник   &laquo;Утро&raquo;&nbsp;1,7&nbsp;л &amp; подставка
        </name>
        <vendor><![CDATA[  Дом & Сад  ]]></vendor>
        <description>
          &lt;p&gt;Кипятит &amp;amp; греет&lt;/p&gt;
        </description>
        <sales_notes>Цена &#8212; за штуку &#x2116;1</sales_notes>
        <price> 1990 </price><currencyId>RUR</currencyId><categoryId> 1 </categoryId><picture> images/kettle.jpg </picture>
      </offer>`);
    expect(o.id).toBe('e1');
    expect(o.name).toBe('Чайник «Утро» 1,7 л & подставка');
    expect(o.vendor).toBe('Дом & Сад');
    expect(o.description).toBe('<p>Кипятит &amp; греет</p>');
    expect(o.sales_notes).toBe('Цена — за штуку №1');
    expect(o.price).toBe('1990');
    expect(o.categoryId).toBe('1');
    expect(o.pictures).toEqual(['images/kettle.jpg']);
  });

  it('keeps inline HTML of a description as HTML text', async () => {
    const o = await one(
      `<offer id="d"><name>A</name><price>1</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>a</picture>
       <description><p class="x">Один &amp; <b>два</b></p><ul><li>три &lt; четыре</li></ul><br/></description></offer>`,
    );
    expect(o.description).toBe('<p class="x">Один &amp; <b>два</b></p><ul><li>три &lt; четыре</li></ul><br/>');
  });

  it('keeps unknown elements and attributes in extra, warning once per element name', async () => {
    const { offers, result } = await collect(
      feed(`
      <offer id="u1" cbid="5"><name>A</name><price>1</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>a</picture>
        <color>красный</color><count>3</count><dimensions>10x20x30</dimensions></offer>
      <offer id="u2"><name>B</name><price>1</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>a</picture><color>синий</color></offer>`),
    );
    expect(offers[0].extra).toEqual({ '@cbid': '5', color: 'красный', count: '3', dimensions: '10x20x30' });
    expect(offers[0].length).toBeUndefined();
    expect(offers[1].extra).toEqual({ color: 'синий' });
    const unknown = result.warnings.filter((w) => w.includes('unknown offer element'));
    expect(unknown).toEqual(['unknown offer element <color> kept in extra (2 offers)']);
    expect(result.warnings.join('\n')).toMatch(/u1: <dimensions> "10x20x30" is not L\/W\/H/);
  });

  it('keeps an undefined entity as written, with a warning', async () => {
    const { offers, result } = await collect(feed('<offer id="1"><name>A &foo; B</name><price>1</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>a</picture></offer>'));
    expect(offers[0].name).toBe('A &foo; B');
    expect(result.warnings.join('\n')).toMatch(/undefined entity/);
  });

  it('accepts a DOCTYPE without entity declarations', async () => {
    const xml = feed('').replace('<yml_catalog', '<!DOCTYPE yml_catalog SYSTEM "shops.dtd">\n<yml_catalog');
    const { result } = await collect(xml);
    expect(result.offers).toBe(0);
  });

  it('bounds the warnings list', async () => {
    const offers = Array.from({ length: 30 }, (_, i) => `<offer id="${i}"><name>A</name><price>1</price><currencyId>XXX</currencyId><categoryId>1</categoryId><picture>a</picture></offer>`).join('');
    const seen: string[] = [];
    const result = await parseYml(feed(offers), { onWarning: (w) => seen.push(w) }, { maxWarnings: 10 });
    expect(result.warnings).toHaveLength(11);
    expect(result.warnings[10]).toBe('… and 20 more warnings');
    expect(seen).toHaveLength(30);
  });
});

describe('parseYml: fatal errors name the line', () => {
  it('rejects malformed XML with line and column', async () => {
    const xml = ['<?xml version="1.0"?>', '<yml_catalog>', '<shop>', '<name>X</name>', '<offers>', '<offer id="1">', '<name>A</nam>', '</offer>', '</offers></shop></yml_catalog>'].join('\n');
    const err = await rejection(xml);
    expect(err).toBeInstanceOf(YmlError);
    expect(err.message).toMatch(/^YML error at line 7, column \d+: /);
    expect((err as YmlError).line).toBe(7);
  });

  it('rejects an unclosed document', async () => {
    const err = await rejection('<yml_catalog>\n<shop>\n<offers>\n<offer id="1"><name>A</name>');
    expect(err.message).toMatch(/^YML error at line 4, column \d+: /);
  });

  it('rejects a feed without <shop>', async () => {
    const err = await rejection('<?xml version="1.0"?>\n<yml_catalog date="x">\n<offers/>\n</yml_catalog>\n');
    expect(err.message).toMatch(/^YML error at line \d+, column \d+: no <shop> element/);
  });

  it('rejects an offer without id', async () => {
    const xml = feed('\n<offer id="1"><name>A</name></offer>\n<offer available="true"><name>B</name></offer>');
    const line = xml.split('\n').findIndex((l) => l.includes('available="true"')) + 1;
    const err = await rejection(xml);
    expect(err.message).toMatch(new RegExp(`^YML error at line ${line}, column \\d+: <offer> without id`));
  });

  it('rejects a DOCTYPE declaring entities (no entity expansion, no external fetch)', async () => {
    const xml = '<?xml version="1.0"?>\n<!DOCTYPE yml_catalog [\n  <!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<yml_catalog><shop><name>&xxe;</name></shop></yml_catalog>';
    const err = await rejection(xml);
    expect(err.message).toMatch(/^YML error at line 4, column \d+: .*ENTITY/);
  });

  it('rejects a billion-laughs style internal entity too', async () => {
    const xml = '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><yml_catalog><shop>&lol2;</shop></yml_catalog>';
    const err = await rejection(xml);
    expect(err.message).toMatch(/^YML error at line 1, column \d+: .*ENTITY/);
  });

  it('rejects an empty input', async () => {
    await expect(parseYml('', {})).rejects.toThrow(/^YML error at line 1, column 0: /);
  });
});

describe('parseYml: streaming', () => {
  const big = feed(
    Array.from(
      { length: 40 },
      (_, i) => `<offer id="o${i}" type="${i % 2 ? 'vendor.model' : 'book'}"><name>Товар №${i} — «тест» &amp; ёж</name><model>M${i}</model>
        <price>${100 + i}</price><currencyId>RUR</currencyId><categoryId>1</categoryId><picture>p${i}.jpg</picture><picture>q${i}.jpg</picture>
        <description><![CDATA[<p>Описание ${i}</p>]]></description><param name="Цвет">красный</param></offer>`,
    ).join('\n'),
    { categories: '<category id="1">Всё</category><category id="2" parentId="1">Часть</category>' },
  );

  it('gives the same result in 7-byte chunks (split UTF-8 sequences) as in one chunk', async () => {
    const whole = await collect(big);
    const bytes = Buffer.from(big, 'utf-8');
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 7) chunks.push(bytes.subarray(i, i + 7));
    const streamed = await collect(Readable.from(chunks));
    expect(whole.offers).toHaveLength(40);
    expect(streamed.offers).toEqual(whole.offers);
    expect(streamed.categories).toEqual(whole.categories);
    expect(streamed.result).toEqual(whole.result);
    expect(streamed.events).toEqual(whole.events);
  });

  it('gives the same result with string chunks of 1 character', async () => {
    const whole = await collect(big);
    const streamed = await collect((function* () {
      for (const ch of big) yield ch;
    })());
    expect(streamed.offers).toEqual(whole.offers);
  });

  it('awaits async handlers in order and pauses the stream meanwhile', async () => {
    let active = 0;
    let maxActive = 0;
    const ids: string[] = [];
    let pulled = 0;
    const bytes = Buffer.from(big);
    const source = Readable.from(
      (function* () {
        for (let i = 0; i < bytes.length; i += 256) {
          pulled++;
          yield bytes.subarray(i, i + 256);
        }
      })(),
      { highWaterMark: 1 },
    );
    let pulledAtFirstOffer = -1;
    await parseYml(source, {
      onOffer: async (o) => {
        if (pulledAtFirstOffer < 0) pulledAtFirstOffer = pulled;
        active++;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 1));
        ids.push(o.id);
        active--;
      },
    });
    expect(maxActive).toBe(1);
    expect(ids).toEqual(Array.from({ length: 40 }, (_, i) => `o${i}`));
    // The whole feed is about 14 KB (≈ 55 chunks); while the first offer is handled only a few were read.
    expect(pulledAtFirstOffer).toBeLessThan(10);
  });

  it('rejects with the error an async handler throws', async () => {
    await expect(
      parseYml(big, {
        onOffer: async (o) => {
          if (o.id === 'o3') throw new Error('db down');
        },
      }),
    ).rejects.toThrow('db down');
  });

  it('reads a windows-1251 feed when the XML declaration says so', async () => {
    const xml = '<?xml version="1.0" encoding="windows-1251"?><yml_catalog><shop><name>Магазин</name><offers><offer id="1"><name>Чайник</name></offer></offers></shop></yml_catalog>';
    // Encode Cyrillic by hand: А..я are 0xC0..0xFF in windows-1251.
    const bytes = Buffer.from(
      Array.from(xml, (ch) => {
        const c = ch.charCodeAt(0);
        return c >= 0x410 && c <= 0x44f ? c - 0x410 + 0xc0 : c;
      }),
    );
    const { offers, shops } = await collect([bytes.subarray(0, 10), bytes.subarray(10)]);
    expect(shops[0].name).toBe('Магазин');
    expect(offers[0].name).toBe('Чайник');
  });

  it('stops between chunks when aborted', async () => {
    const ac = new AbortController();
    const bytes = Buffer.from(big);
    const chunks = [bytes.subarray(0, 4000), bytes.subarray(4000, 8000), bytes.subarray(8000)];
    let n = 0;
    await expect(
      parseYml(chunks, { onOffer: () => { if (++n === 1) ac.abort(new Error('cancelled')); } }, { signal: ac.signal }),
    ).rejects.toThrow('cancelled');
    expect(n).toBeLessThan(40);
  });
});
