import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearGeocoderCache, entryOf, USER_AGENT } from './geocoder';
import { startTestServer, type TestServer } from '../../test/helpers';

/** A Nominatim double on 127.0.0.1: /search and /reverse in jsonv2 with addressdetails. */
interface FakeNominatim {
  url: string;
  requests: { path: string; query: URLSearchParams; userAgent: string }[];
  /** 'ok', 'error' (500), 'garbage' (not JSON), 'hang' (never answers) */
  mode: 'ok' | 'error' | 'garbage' | 'hang';
  close(): Promise<void>;
}

const PLACES = [
  { lat: '59.9601', lon: '30.3089', name: '', display_name: 'x', address: { house_number: '20', road: 'Каменноостровский проспект', city: 'Санкт-Петербург', country: 'Россия' } },
  { lat: '59.9601', lon: '30.3089', name: '', display_name: 'duplicate', address: { house_number: '20', road: 'Каменноостровский проспект', city: 'Санкт-Петербург' } },
  { lat: '59.9571', lon: '30.3052', name: '', display_name: 'y', address: { road: 'Большой проспект П.С.', city: 'Санкт-Петербург' } },
  { lat: '55.7570', lon: '37.6150', name: 'Красная площадь', display_name: 'Красная площадь, Москва, Россия', address: { square: 'Красная площадь', city: 'Москва' } },
  { lat: 'nonsense', lon: '30', display_name: 'broken' },
  ...Array.from({ length: 10 }, (_, i) => ({ lat: '59.95', lon: `30.3${i}`, display_name: `z${i}`, address: { road: 'Улица', house_number: String(i + 1), town: 'Пушкин' } })),
];

async function startFakeNominatim(): Promise<FakeNominatim> {
  const sockets = new Set<import('node:net').Socket>();
  const fake: FakeNominatim = {
    url: '',
    requests: [],
    mode: 'ok',
    close: () =>
      new Promise((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    fake.requests.push({ path: u.pathname, query: u.searchParams, userAgent: String(req.headers['user-agent'] ?? '') });
    if (fake.mode === 'hang') return;
    if (fake.mode === 'error') {
      res.statusCode = 500;
      return res.end('boom');
    }
    res.setHeader('content-type', 'application/json');
    if (fake.mode === 'garbage') return res.end('<html>not json</html>');
    if (u.pathname === '/search') {
      const q = (u.searchParams.get('q') ?? '').toLowerCase();
      if (q.includes('пусто')) return res.end('[]');
      return res.end(JSON.stringify(PLACES));
    }
    if (u.pathname === '/reverse') {
      const lat = Number(u.searchParams.get('lat'));
      if (lat < 0) return res.end(JSON.stringify({ error: 'Unable to geocode' }));
      return res.end(JSON.stringify({ lat: u.searchParams.get('lat'), lon: u.searchParams.get('lon'), display_name: 'r', address: { house_number: '7к2', road: 'Малая Монетная улица', city: 'Санкт-Петербург' } }));
    }
    res.statusCode = 404;
    res.end('{}');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

let server: TestServer;
let fake: FakeNominatim;

beforeAll(async () => {
  fake = await startFakeNominatim();
  server = await startTestServer({ config: { geocoderUrl: `${fake.url}/` } });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => {
  clearGeocoderCache();
  fake.mode = 'ok';
  fake.requests.length = 0;
  server.config.geocoderUrl = `${fake.url}/`;
});

describe('api=geocode: suggestions (q)', () => {
  it('asks the geocoder Nominatim-style and answers up to 7 readable addresses', async () => {
    const r = await server.api('geocode', { q: 'Каменноостровский 20', lang: 'en' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.geocode).toHaveLength(7);
    expect(r.body.geocode[0]).toEqual({ address: 'Каменноостровский проспект, 20, Санкт-Петербург', house: '20', lat: 59.9601, lon: 30.3089 });
    // The duplicate line is dropped, a broken entry skipped; no house number → ''.
    expect(r.body.geocode[1]).toEqual({ address: 'Большой проспект П.С., Санкт-Петербург', house: '', lat: 59.9571, lon: 30.3052 });
    expect(r.body.geocode[2].address).toBe('Красная площадь, Москва');
    expect(r.body.geocode[3]).toEqual({ address: 'Улица, 1, Пушкин', house: '1', lat: 59.95, lon: 30.3 });
    expect(fake.requests).toHaveLength(1);
    const call = fake.requests[0];
    expect(call.path).toBe('/search');
    expect(Object.fromEntries(call.query)).toEqual({ q: 'Каменноостровский 20', format: 'jsonv2', addressdetails: '1', limit: '7', 'accept-language': 'en' });
    expect(call.userAgent).toBe(USER_AGENT);
  });

  it('works as a GET too and caches a repeated question', async () => {
    const url = `/api?api=geocode&q=${encodeURIComponent('Большой проспект')}`;
    const a = await server.get(url);
    const b = await server.get(url);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0].query.get('accept-language')).toBe('ru');
  });

  it('an empty or blank text is an empty list without asking; nothing found is an empty list', async () => {
    for (const q of ['', '   ']) {
      const r = await server.api('geocode', { q });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ geocode: [] });
    }
    expect(fake.requests).toHaveLength(0);
    const none = await server.api('geocode', { q: 'пусто' });
    expect(none.body).toEqual({ geocode: [] });
  });

  it('refuses a text over 400 characters and a call with neither q nor ll', async () => {
    const ok = await server.api('geocode', { q: 'а'.repeat(400) });
    expect(ok.status).toBe(200);
    const long = await server.api('geocode', { q: 'а'.repeat(401) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: 'invalid_input', fields: ['q'] });
    const none = await server.api('geocode', {});
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('invalid_input');
  });
});

describe('api=geocode: reverse (ll)', () => {
  it('answers the address at the point with its house number', async () => {
    const r = await server.api('geocode', { ll: '59.9586,30.3061' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ geocode: [{ address: 'Малая Монетная улица, 7к2, Санкт-Петербург', house: '7к2', lat: 59.9586, lon: 30.3061 }] });
    expect(fake.requests[0].path).toBe('/reverse');
    expect(Object.fromEntries(fake.requests[0].query)).toMatchObject({ lat: '59.958600', lon: '30.306100', format: 'jsonv2', addressdetails: '1' });
  });

  it('a point the geocoder knows nothing of is an empty list', async () => {
    const r = await server.api('geocode', { ll: '-60,-30' });
    expect(r.body).toEqual({ geocode: [] });
  });

  it('refuses a point that is not "lat,lon"', async () => {
    for (const ll of ['59.9', 'a,b', '91,0', '59.9;30.3']) {
      const r = await server.api('geocode', { ll });
      expect(r.status, ll).toBe(400);
      expect(r.body.error).toMatchObject({ code: 'invalid_input', fields: ['ll'] });
    }
    expect(fake.requests).toHaveLength(0);
  });
});

describe('api=geocode: without a geocoder, or with a broken one', () => {
  it('no GEOCODER_URL: an empty list (input is still checked)', async () => {
    server.config.geocoderUrl = null;
    expect((await server.api('geocode', { q: 'Невский' })).body).toEqual({ geocode: [] });
    expect((await server.api('geocode', { ll: '59.93,30.33' })).body).toEqual({ geocode: [] });
    expect((await server.api('geocode', { q: 'x'.repeat(401) })).status).toBe(400);
  });

  it('the geocoder failing (500, not JSON) is a 502 geocoder_error, not a 500', async () => {
    fake.mode = 'error';
    const a = await server.api('geocode', { q: 'Невский' });
    expect(a.status).toBe(502);
    expect(a.body.error.code).toBe('geocoder_error');
    fake.mode = 'garbage';
    const b = await server.api('geocode', { ll: '59.93,30.33' });
    expect(b.status).toBe(502);
    expect(b.body.error.code).toBe('geocoder_error');
  });

  it('the geocoder unreachable is a 503 geocoder_error', async () => {
    // A port nobody listens on.
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    server.config.geocoderUrl = `http://127.0.0.1:${port}`;
    const r = await server.api('geocode', { q: 'Невский' });
    expect(r.status).toBe(503);
    expect(r.body.error).toMatchObject({ code: 'geocoder_error' });
  });

  it('a geocoder that does not answer within 5 s is a 503', { timeout: 15_000 }, async () => {
    fake.mode = 'hang';
    const started = Date.now();
    const r = await server.api('geocode', { q: 'Невский' });
    expect(r.status).toBe(503);
    expect(r.body.error.code).toBe('geocoder_error');
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});

describe('api=geocode: the rate limit', () => {
  it('one address may ask 120 times a minute, then 429', async () => {
    let last = 0;
    for (let i = 0; i < 125 && last !== 429; i++) last = (await server.api('geocode', { q: `Невский ${i}` })).status;
    expect(last).toBe(429);
    const r = await server.api('geocode', { q: 'ещё' });
    expect(r.body.error.code).toBe('too_many_requests');
    // No geocoder is asked for a refused call, and input errors still answer 400 first.
    expect((await server.api('geocode', { ll: 'nonsense' })).status).toBe(400);
  });
});

describe('entryOf', () => {
  it('builds the line from display_name when there are no details, and skips points that are not points', () => {
    expect(entryOf({ lat: '1', lon: '2', display_name: 'Дом, Улица, Город, Область, Страна' })).toEqual({ address: 'Дом, Улица, Город', house: '', lat: 1, lon: 2 });
    expect(entryOf({ lat: '100', lon: '2', display_name: 'x' })).toBeNull();
    expect(entryOf(null)).toBeNull();
    expect(entryOf({ lat: '1', lon: '2' })).toBeNull();
  });
});
