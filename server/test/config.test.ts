import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers';

let server: TestServer;
beforeAll(async () => void (server = await startTestServer()));
afterAll(() => server?.close());

describe('GET /config.json', () => {
  it('names the API and the pictures on the origin the browser used', async () => {
    const r = await server.get('/config.json');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/application\/json/);
    expect(r.body).toEqual({ API_HOST: `${server.url}/api`, URL_IMAGES: `${server.url}/images/`, MAP_TILES_URL: expect.any(String) });
  });

  it('follows the Host header, so every white-label domain gets its own origin', async () => {
    const r = await server.get('/config.json', { host: 'shop.example:8080' });
    expect(r.body.API_HOST).toBe('http://shop.example:8080/api');
    expect(r.body.URL_IMAGES).toBe('http://shop.example:8080/images/');
  });

  it('uses PUBLIC_URL when the server sits behind a proxy', async () => {
    const other = await startTestServer({ config: { publicUrl: 'https://shop.example.com/' } });
    try {
      const r = await other.get('/config.json');
      expect(r.body.API_HOST).toBe('https://shop.example.com/api');
      expect(r.body.URL_IMAGES).toBe('https://shop.example.com/images/');
    } finally {
      await other.close();
    }
  });
});

describe('unknown api', () => {
  it('answers 404 unknown_api with the error body', async () => {
    const r = await server.api('no_such_api', { a: 1 });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('unknown_api');
    expect(r.body.error.message).toEqual(expect.any(String));
  });

  it('treats names of Object.prototype as unknown, not as handlers', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const r = await server.api(name);
      expect(r.status, name).toBe(404);
      expect(r.body.error.code).toBe('unknown_api');
    }
  });

  it('answers a missing api name with 404 unknown_api', async () => {
    const r = await server.api('');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('unknown_api');
  });

  it('answers an unknown path with a JSON 404 (no app shell in API-only mode)', async () => {
    const r = await server.get('/no/such/path');
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not_found');
  });
});
