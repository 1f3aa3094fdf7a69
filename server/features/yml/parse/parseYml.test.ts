import { describe, it, expect } from 'vitest';
import { feed, collect, one } from './parseYml.fixtures';

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

