import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFeedUrl, fetchFeed, FeedUrlError, isPrivateAddress, parseFeedUrl } from './feedUrl';

const read = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

describe('isPrivateAddress', () => {
  it('refuses private, loopback, link-local, CGNAT, multicast and reserved IPv4', () => {
    for (const ip of ['10.1.2.3', '127.0.0.1', '127.255.255.254', '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
  });
  it('allows public IPv4', () => {
    for (const ip of ['8.8.8.8', '93.184.216.34', '172.32.0.1', '172.15.255.255', '100.128.0.1', '77.88.55.60']) expect(isPrivateAddress(ip), ip).toBe(false);
  });
  it('refuses private IPv6 and IPv4 hidden in IPv6 forms', () => {
    for (const ip of ['::1', '::', 'fe80::1', 'fe80::1%eth0', 'fd00::1', 'fc00::abcd', 'ff02::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', '2002:c0a8:0101::1', '[::1]']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
  });
  it('allows public IPv6', () => {
    for (const ip of ['2a00:1450:4010:c0e::65', '2606:4700::6810:85e5', '::ffff:8.8.8.8']) expect(isPrivateAddress(ip), ip).toBe(false);
  });
  it('counts anything that is not an IP as private', () => {
    expect(isPrivateAddress('localhost')).toBe(true);
    expect(isPrivateAddress('')).toBe(true);
  });
});

describe('parseFeedUrl / checkFeedUrl', () => {
  const lookup = (map: Record<string, string[]>) => async (host: string) => {
    if (!map[host]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return map[host].map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  it('accepts http and https only', () => {
    expect(parseFeedUrl(' https://shop.example/feed.xml ').href).toBe('https://shop.example/feed.xml');
    expect(() => parseFeedUrl('file:///etc/passwd')).toThrow(FeedUrlError);
    expect(() => parseFeedUrl('ftp://shop.example/feed.xml')).toThrow(/http and https/);
    expect(() => parseFeedUrl('not a url')).toThrow(/Not a URL/);
    expect(() => parseFeedUrl(`https://a.example/${'x'.repeat(2001)}`)).toThrow(/too long/);
  });

  it('allows a host whose every address is public', async () => {
    const url = await checkFeedUrl('https://feeds.example/y.xml', { lookup: lookup({ 'feeds.example': ['93.184.216.34', '2606:4700::1'] }) });
    expect(url.hostname).toBe('feeds.example');
  });

  it('refuses a host with any private address, naming it and the switch', async () => {
    const err = await checkFeedUrl('http://intranet.example/y.xml', { lookup: lookup({ 'intranet.example': ['93.184.216.34', '10.0.0.5'] }) }).catch((e) => e);
    expect(err).toBeInstanceOf(FeedUrlError);
    expect(err.code).toBe('forbidden_address');
    expect(err.message).toMatch(/10\.0\.0\.5.*ALLOW_PRIVATE_FEEDS=1/);
  });

  it('refuses IP literals in private ranges without a lookup', async () => {
    for (const u of ['http://127.0.0.1:8080/feed', 'http://[::1]/feed', 'http://169.254.169.254/latest/meta-data', 'http://[::ffff:127.0.0.1]/']) {
      await expect(checkFeedUrl(u, { lookup: lookup({}) }), u).rejects.toMatchObject({ code: 'forbidden_address' });
    }
  });

  it('allows private hosts when ALLOW_PRIVATE_FEEDS is set', async () => {
    await expect(checkFeedUrl('http://127.0.0.1:8080/feed', { allowPrivate: true })).resolves.toBeInstanceOf(URL);
  });

  it('reports an unknown host', async () => {
    await expect(checkFeedUrl('http://nowhere.example/', { lookup: lookup({}) })).rejects.toMatchObject({ code: 'fetch_failed' });
  });
});

describe('fetchFeed', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/feed.xml') return res.end('<yml_catalog/>');
      if (req.url === '/big') {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let n = 0;
        const more = () => {
          while (n++ < 40) if (!res.write(chunk)) return res.once('drain', more);
          res.end();
        };
        return more();
      }
      if (req.url === '/declared-big') {
        res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
        return res.end();
      }
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/feed.xml' });
        return res.end();
      }
      if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' });
        return res.end();
      }
      if (req.url === '/stall') {
        res.writeHead(200);
        return res.write('<yml');
      }
      res.writeHead(404);
      res.end('no');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('refuses a loopback feed unless private feeds are allowed', async () => {
    await expect(fetchFeed(`${base}/feed.xml`)).rejects.toMatchObject({ code: 'forbidden_address' });
    const { stream } = await fetchFeed(`${base}/feed.xml`, { allowPrivate: true });
    expect(await read(stream)).toBe('<yml_catalog/>');
  });

  it('refuses a host name that resolves to loopback at connect time', async () => {
    const port = (server.address() as AddressInfo).port;
    await expect(fetchFeed(`http://localhost:${port}/feed.xml`)).rejects.toMatchObject({ code: 'forbidden_address' });
  });

  it('follows redirects, up to a limit', async () => {
    const { stream, url } = await fetchFeed(`${base}/redirect`, { allowPrivate: true });
    expect(url.pathname).toBe('/feed.xml');
    expect(await read(stream)).toBe('<yml_catalog/>');
    await expect(fetchFeed(`${base}/loop`, { allowPrivate: true, maxRedirects: 2 })).rejects.toThrow(/Too many redirects/);
  });

  it('reports a status other than 200', async () => {
    await expect(fetchFeed(`${base}/missing`, { allowPrivate: true })).rejects.toThrow(/answered 404/);
  });

  it('cuts off a feed bigger than the limit, declared or streamed', async () => {
    await expect(fetchFeed(`${base}/declared-big`, { allowPrivate: true, maxBytes: 1024 * 1024 })).rejects.toMatchObject({ code: 'too_large' });
    const { stream } = await fetchFeed(`${base}/big`, { allowPrivate: true, maxBytes: 1024 * 1024 });
    await expect(read(stream)).rejects.toMatchObject({ code: 'too_large' });
  });

  it('gives up on a feed that stalls', async () => {
    const { stream } = await fetchFeed(`${base}/stall`, { allowPrivate: true, timeoutMs: 300 });
    await expect(read(stream)).rejects.toMatchObject({ code: 'timeout' });
  });
});
