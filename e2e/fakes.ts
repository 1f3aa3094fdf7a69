/**
 * Small fake outside services on 127.0.0.1 for the e2e server (no test reaches the internet). The fixture
 * starts them once per worker and passes their URLs to the server through `env`.
 * Sections: the acquirer (payments) and the geocoder (map search); each owner extends its own.
 */
import http from 'node:http';
import iconv from 'iconv-lite';
import type { AddressInfo } from 'node:net';
import { startFakeAcquirer, type FakeAcquirer } from '../server/test/checkoutFixtures';
import { startFakeTelegram, startSmtpCatcher, type FakeTelegram, type SmtpCatcher } from '../server/test/fakeNotifications';

export interface FakeServices {
  /** Environment for server/main.ts (ACQUIRING_URL, GEOCODER_URL, ...). */
  env: Record<string, string>;
  /** The card acquirer (register.do, getOrderStatusExtended.do and its payment page). */
  acquirer: FakeAcquirer;
  /** The Nominatim-style geocoder (GEOCODER_URL) behind api=geocode. */
  geocoder: FakeGeocoder;
  /** The map tile server (MAP_TILES_URL). */
  tiles: FakeTiles;
  /** The notifications' SMTP catcher (SMTP_URL) and Telegram Bot API (TELEGRAM_API_URL). */
  smtp: SmtpCatcher;
  telegram: FakeTelegram;
  /** YML feeds and their pictures (the admin's import from the store's link). */
  feeds: FakeFeeds;
  close(): Promise<void>;
}

export async function startFakeServices(): Promise<FakeServices> {
  const closers: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {};
  const acquirer = await startAcquirer(env, closers);
  const geocoder = await startGeocoder(env, closers);
  const tiles = await startTiles(env, closers);
  const smtp = await startSmtpCatcher();
  const telegram = await startFakeTelegram();
  Object.assign(env, { SMTP_URL: smtp.url, MAIL_FROM: 'shop@example.com', TELEGRAM_API_URL: telegram.url, NOTIFY_INTERVAL_MS: '200' });
  closers.push(() => smtp.close(), () => telegram.close());
  const feeds = await startFeeds(env, closers);
  return {
    env,
    acquirer,
    geocoder,
    tiles,
    smtp,
    telegram,
    feeds,
    close: async () => {
      await Promise.all(closers.map((c) => c()));
    },
  };
}

/** Starts the server on a free port of 127.0.0.1, to be closed with the other fakes (open connections cut); its base URL. */
async function listenLocal(server: http.Server, closers: (() => Promise<void>)[]): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closers.push(
    () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The acquirer section: the server tests' fake Sberbank-style acquirer with its payment page
 * (GET /payment/merchants/pay.html?mdOrder=ID, buttons 'Оплатить' / 'Отказаться' that settle the order as
 * paid (status 2) or declined (status 6) and send the browser to the shop's returnUrl / failUrl).
 * It accepts the store's acquiring login/password ACQUIRER_LOGIN / ACQUIRER_PASSWORD of checkoutFixtures.
 */
async function startAcquirer(env: Record<string, string>, closers: (() => Promise<void>)[]): Promise<FakeAcquirer> {
  const acquirer = await startFakeAcquirer();
  env.ACQUIRING_URL = `${acquirer.url}/payment/rest`;
  closers.push(() => acquirer.close());
  return acquirer;
}

/* ---- The map section: a Nominatim-style geocoder and a tile server (the map engineer's part). ---- */

/** An address the fake geocoder knows: inside the demo delivery zone (Petrogradsky, St Petersburg) or in Moscow. */
export interface FakeAddress {
  road: string;
  house: string;
  city: string;
  lat: number;
  lon: number;
}

export const FAKE_ADDRESSES: FakeAddress[] = [
  { road: 'Каменноостровский проспект', house: '20', city: 'Санкт-Петербург', lat: 59.9601, lon: 30.3089 },
  { road: 'Каменноостровский проспект', house: '26-28', city: 'Санкт-Петербург', lat: 59.9622, lon: 30.3106 },
  { road: 'Большая Пушкарская улица', house: '10', city: 'Санкт-Петербург', lat: 59.9573, lon: 30.3036 },
  { road: 'Тверская улица', house: '1', city: 'Москва', lat: 55.757, lon: 37.615 },
];

export interface FakeGeocoder {
  url: string;
  /** Every request: '/search' with q, '/reverse' with lat,lon. */
  requests: { path: string; q: string | null; lat: string | null; lon: string | null }[];
}

/**
 * GET /search?q=… answers the known addresses whose text holds every word of q (none matching: all of
 * them); GET /reverse?lat&lon answers the nearest known address with its house number. Nominatim's jsonv2
 * shape with addressdetails.
 */
async function startGeocoder(env: Record<string, string>, closers: (() => Promise<void>)[]): Promise<FakeGeocoder> {
  const fake: FakeGeocoder = { url: '', requests: [] };
  const jsonv2 = (a: FakeAddress) => ({
    place_id: Math.round(a.lat * 1e4 + a.lon),
    lat: String(a.lat),
    lon: String(a.lon),
    category: 'building',
    type: 'house',
    name: '',
    display_name: `${a.house}, ${a.road}, ${a.city}, Россия`,
    address: { house_number: a.house, road: a.road, city: a.city, country: 'Россия', country_code: 'ru' },
  });
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    const q = u.searchParams.get('q');
    fake.requests.push({ path: u.pathname, q, lat: u.searchParams.get('lat'), lon: u.searchParams.get('lon') });
    res.setHeader('content-type', 'application/json; charset=utf-8');
    if (u.pathname === '/search') {
      const words = (q ?? '').toLowerCase().split(/[\s,]+/).filter(Boolean);
      const text = (a: FakeAddress) => `${a.road} ${a.house} ${a.city}`.toLowerCase();
      const found = FAKE_ADDRESSES.filter((a) => words.length && words.every((w) => text(a).includes(w)));
      return res.end(JSON.stringify((found.length ? found : FAKE_ADDRESSES).map(jsonv2)));
    }
    if (u.pathname === '/reverse') {
      const lat = Number(u.searchParams.get('lat'));
      const lon = Number(u.searchParams.get('lon'));
      const d = (a: FakeAddress) => (a.lat - lat) ** 2 + ((a.lon - lon) * Math.cos((lat * Math.PI) / 180)) ** 2;
      const nearest = [...FAKE_ADDRESSES].sort((a, b) => d(a) - d(b))[0];
      return res.end(JSON.stringify(jsonv2(nearest)));
    }
    res.statusCode = 404;
    res.end('{"error":"not found"}');
  });
  fake.url = await listenLocal(server, closers);
  env.GEOCODER_URL = fake.url;
  return fake;
}

export interface FakeTiles {
  /** The Leaflet template: http://127.0.0.1:<port>/{z}/{x}/{y}.png */
  template: string;
  /** How many tiles were served. */
  served: number;
}

/** A 1×1 grey PNG (Leaflet stretches it over the 256 px tile): the map shows a plain grey ground. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWN4+vg+AAVYAqgnQV0dAAAAAElFTkSuQmCC', 'base64');

/** GET /{z}/{x}/{y}.png → the grey PNG (any other path: 404). */
async function startTiles(env: Record<string, string>, closers: (() => Promise<void>)[]): Promise<FakeTiles> {
  const fake: FakeTiles = { template: '', served: 0 };
  const server = http.createServer((req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test((req.url ?? '').split('?')[0])) {
      res.statusCode = 404;
      return res.end();
    }
    fake.served++;
    res.setHeader('content-type', 'image/png');
    res.setHeader('cache-control', 'max-age=3600');
    res.setHeader('access-control-allow-origin', '*');
    res.end(TILE_PNG);
  });
  fake.template = `${await listenLocal(server, closers)}/{z}/{x}/{y}.png`;
  env.MAP_TILES_URL = fake.template;
  return fake;
}

/**
 * The YML feed section: `/feed.xml?n=<offers>&prefix=<id prefix>` a whole feed; `/slow.xml?n=..` sends 70%
 * of its feed at once and then holds the rest until the client goes away (a long import to watch and
 * cancel). Feed hosts on 127.0.0.1 need ALLOW_PRIVATE_FEEDS=1, which this section sets.
 */
export interface FakeFeeds {
  url: string;
}

export function ymlFeed(n: number, prefix: string): string {
  const offers: string[] = [];
  for (let i = 1; i <= n; i++) {
    offers.push(
      `<offer id="${prefix}${i}" available="true"><name>Платье ${prefix}${i}</name><price>${1000 + i}</price><currencyId>RUR</currencyId><categoryId>${i % 2 ? 901 : 902}</categoryId><param name="Размер">${40 + (i % 8)}</param><param name="Цвет">${['красный', 'синий', 'зелёный'][i % 3]}</param></offer>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<yml_catalog date="2026-11-24 12:00"><shop><name>Фид</name><company>Фид</company><url>https://feed.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories><category id="900">Одежда из фида</category><category id="901" parentId="900">Платья</category><category id="902" parentId="900">Юбки</category></categories>
<offers>
${offers.join('\n')}
<offer id="${prefix}orphan"><name>Без категории</name><price>1</price><categoryId>999</categoryId></offer>
</offers></shop></yml_catalog>`;
}

/**
 * A feed shaped like real ones, in the windows-1251 its XML declaration names: 10 departments and 290
 * sections under them (300 categories), 2 000 param names (a shop-wide 'Цвет', a 'Материал' per department,
 * 1 839 names of one section each) and 150 names in section 11, more than its 64 filter slots hold. Its
 * offers: `r0`..`r2` in section 11 (50 names each), `r<section>_<k>` in the others.
 */
export function realWorldFeed(): Buffer {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const dept = (section: number) => 1 + ((section - 11) % 10);
  const categories: string[] = [];
  for (let d = 1; d <= 10; d++) categories.push(`<category id="${d}">Отдел ${d}</category>`);
  for (let c = 11; c <= 300; c++) categories.push(`<category id="${c}" parentId="${dept(c)}">Раздел ${c}</category>`);
  const offer = (id: string, section: number, k: number, names: string[]) =>
    `<offer id="${id}" available="true"><name>${esc(`Ёлочная игрушка «${id}»`)}</name><price>${100 + k}</price><currencyId>RUR</currencyId><categoryId>${section}</categoryId>` +
    `<param name="Цвет">${k % 2 ? 'красный' : 'синий'}</param><param name="Материал ${dept(section)}">${k % 2 ? 'дерево' : 'стекло'}</param>` +
    names.map((n, i) => `<param name="${esc(n)}">значение ${i}</param>`).join('') +
    '</offer>';
  const offers: string[] = [];
  for (let k = 0; k < 3; k++) offers.push(offer(`r${k}`, 11, k, Array.from({ length: 50 }, (_, i) => `Свойство A${k * 50 + i}`)));
  const bySection = new Map<number, string[]>();
  for (let n = 0; n < 1839; n++) bySection.set(12 + (n % 289), [...(bySection.get(12 + (n % 289)) ?? []), `Свойство L${n}`]);
  for (const [section, names] of bySection) for (const k of [0, 1]) offers.push(offer(`r${section}_${k}`, section, k, names));
  const xml = `<?xml version="1.0" encoding="windows-1251"?>
<yml_catalog date="2026-11-26 12:00"><shop><name>Ёлки</name><company>Ёлки</company><url>https://feed.example/</url>
<currencies><currency id="RUR" rate="1"/></currencies>
<categories>${categories.join('\n')}</categories>
<offers>
${offers.join('\n')}
</offers></shop></yml_catalog>`;
  return iconv.encode(xml, 'windows-1251');
}

async function startFeeds(env: Record<string, string>, closers: (() => Promise<void>)[]): Promise<FakeFeeds> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://feeds');
    const body = ymlFeed(Number(url.searchParams.get('n') ?? 20), url.searchParams.get('prefix') ?? 'y');
    if (url.pathname === '/slow.xml') {
      res.writeHead(200, { 'content-type': 'text/xml', 'content-length': String(Buffer.byteLength(body)) });
      res.write(body.slice(0, Math.floor(body.length * 0.7)));
      req.on('close', () => res.destroy());
      return;
    }
    res.writeHead(200, { 'content-type': 'text/xml' }).end(body);
  });
  const url = await listenLocal(server, closers);
  env.ALLOW_PRIVATE_FEEDS = '1';
  return { url };
}
