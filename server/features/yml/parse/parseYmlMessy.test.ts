import { describe, it, expect } from 'vitest';
import { Readable } from 'node:stream';
import { parseYml } from './parseYml';
import { YmlError } from './types';
import { feed, collect, one, rejection } from './parseYml.fixtures';

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
