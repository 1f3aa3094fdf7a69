import { expect } from 'vitest';
import { parseYml } from './parseYml';
import type { YmlCategory, YmlCurrency, YmlOffer, YmlShop } from './types';

/* Feeds and collectors shared by the parser's tests (parseYml.test.ts, parseYmlMessy.test.ts). */

/** Wraps offers (and optional extra shop content) in a minimal valid feed. */
export function feed(offers: string, opts: { currencies?: string; categories?: string; head?: string } = {}): string {
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

export async function collect(input: Parameters<typeof parseYml>[0]) {
  const offers: YmlOffer[] = [];
  const categories: YmlCategory[] = [];
  const currencies: YmlCurrency[] = [];
  const shops: YmlShop[] = [];
  const events: string[] = [];
  /** A callback that keeps what the parser gives and notes its kind in `events`. */
  const keep =
    <T>(list: T[], event: string) =>
    (x: T) => {
      list.push(x);
      events.push(event);
    };
  const result = await parseYml(input, {
    onShop: keep(shops, 'shop'),
    onCurrency: keep(currencies, 'currency'),
    onCategory: keep(categories, 'category'),
    onOffer: keep(offers, 'offer'),
  });
  return { result, offers, categories, currencies, shops, events };
}

export async function one(offerXml: string, opts?: Parameters<typeof feed>[1]): Promise<YmlOffer> {
  const { offers } = await collect(feed(offerXml, opts));
  expect(offers).toHaveLength(1);
  return offers[0];
}

export async function rejection(xml: string): Promise<Error> {
  try {
    await parseYml(xml, { onOffer: () => undefined });
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected the parse to fail');
}
