/**
 * The server integration tests' harness: the real app (server/app.ts) on a fresh real database (SQLite,
 * or a PostgreSQL schema when TEST_DATABASE_URL is set), listening on 127.0.0.1, called over real HTTP.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { LogConfig } from 'kysely';
export { tinyMp4 } from './media';
import { offerFieldsFor, validateFields } from '../../schemas';
import { buildApp } from '../app';
import type { AppServices } from '../api/context';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import type { Db } from '../db/types';
import { migrate } from '../db/migrate';
import { seedDemoIfEmpty } from '../demo/seedDemo';
import { makeOwner, normalizePhone } from '../features/auth/auth';
import { saveCategory } from '../features/catalogue/categories';
import { createImageStore, type ImageStore } from '../features/images/images';
import { saveOffer } from '../features/catalogue/offerWrites';
import { consoleSms } from '../features/auth/sms';
import { createStore, saveStore } from '../features/stores/stores';
import type { DomainProver } from '../features/stores/domains';
import { freshDatabase, testDatabaseUrl, withSearchPath } from './db';

export const OWNER_PHONE = '+79990000000';
export const CUSTOMER_PHONE = '+79991112233';

/** The auth form `api=login` returns and authenticated calls send back. */
export interface Auth {
  user_id: string;
  token_seq: string;
  token: string;
  is_owner?: string;
}

export type FileArg = Buffer | { data: Buffer; filename?: string; type?: string };
export type Params = Record<string, string | number | boolean | null | undefined>;

export interface CallOptions {
  /** The auth form (sent as user_id, token_seq, token) or a bare token (sent as `Authorization: Bearer`). */
  token?: Auth | string;
  /** Files by form key (`p[466_img]`); makes the call multipart. */
  files?: Record<string, FileArg>;
  /** Send as multipart/form-data even without files. */
  multipart?: boolean;
  /** The Host header (picks the store); default 127.0.0.1:<port>. */
  host?: string;
  /** More headers (X-Forwarded-For behind a TRUST_PROXY setting). */
  headers?: Record<string, string>;
}

export interface Reply<T = any> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: T;
}

export interface TestServer {
  url: string;
  port: number;
  config: Config;
  database: Database;
  db: Db;
  dialect: Database['dialect'];
  images: ImageStore;
  /** The app's services (its job runner, its store resolver). */
  services: AppServices;
  /** Every `api=` name and REST resource the features registered (server/app.ts registerFeatures). */
  apiNames: string[];
  restResources: string[];
  /** 'sqlite <file>' or 'postgres schema <name>' */
  label: string;
  /** The store created for the test (the demo shop with demo: true). */
  storeId: number;
  ownerId: number;
  /** Every SMS the console adapter "sent": `sms to <phone>: <text>`. */
  smsLines: string[];
  /** `POST /api?api=<name>` with urlencoded (or multipart, with files) params. */
  api<T = any>(name: string, params?: Params, opts?: CallOptions): Promise<Reply<T>>;
  /** A plain GET (config.json, /images/...); the body is a Buffer unless the answer is JSON. */
  get<T = any>(path: string, opts?: { host?: string }): Promise<Reply<T>>;
  /** The last sign-in code sent to this phone. */
  lastCode(phone: string): string | null;
  /** Requests a code, reads it from the captured SMS and logs in: the auth form. */
  signIn(phone: string, opts?: { host?: string }): Promise<Auth>;
  /** A store of its own (another tenant) with an owner; returns its id. */
  addStore(values: { name: string; domain: string; ownerPhone?: string }): Promise<number>;
  createCategory(overrides?: { category?: string; subId?: string; sort?: number; picture?: string }, storeId?: number): Promise<string>;
  createOffer(overrides?: Record<string, unknown>, storeId?: number): Promise<string>;
  close(): Promise<void>;
}

/** Encodes a body the way a browser would: urlencoded, or multipart/form-data through FormData. */
async function encodeBody(params: Params, files: Record<string, FileArg> | undefined, multipart: boolean) {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== null) as [string, string | number | boolean][];
  if (!files && !multipart) {
    const body = new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString();
    return { body: Buffer.from(body), contentType: 'application/x-www-form-urlencoded' };
  }
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, String(v));
  for (const [k, f] of Object.entries(files ?? {})) {
    const file = Buffer.isBuffer(f) ? { data: f } : f;
    form.append(k, new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.filename ?? 'upload.bin');
  }
  const request = new Request('http://encoder.invalid/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** One HTTP request with node:http (fetch cannot set the Host header, which picks the store). */
function request(port: number, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        let parsed: unknown = raw;
        if (String(res.headers['content-type'] ?? '').includes('json')) {
          try {
            parsed = JSON.parse(raw.toString('utf8'));
          } catch {
            parsed = raw.toString('utf8');
          }
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/**
 * Starts the real app on a fresh database; with `demo` the demo shop is seeded, else one empty store with an
 * owner. `log`: Kysely's log of the database (plans.server.test.ts captures the SQL of requests with it).
 */
/**
 * Tests place many anonymous orders from one address and phone: the hourly limits of orders without a
 * checked phone are off unless a test sets them (server/test/security/anonymousOrders.server.test.ts).
 */
const NO_ORDER_LIMITS = { ANON_ORDERS_PER_ADDRESS: '0', ANON_ORDERS_PER_DEVICE: '0', ANON_ORDERS_PER_PHONE: '0' };

export async function startTestServer(
  opts: {
    demo?: boolean;
    config?: Partial<Config>;
    log?: LogConfig;
    /** Environment variables read by loadConfig, as an operator sets them. */
    env?: Record<string, string>;
    /** A fake DNS and well-known file for domain proofs. */
    domainProver?: DomainProver;
  } = {},
): Promise<TestServer> {
  const fresh = await freshDatabase({ log: opts.log });
  const { database, dataDir } = fresh;
  const smsLines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>['app'] | undefined;
  try {
    await migrate(database.db, database.dialect);
    const config = loadConfig(
      { DATA_DIR: dataDir, DEMO: opts.demo ? '1' : '0', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error', DEMO_OWNER_PHONE: OWNER_PHONE, ...NO_ORDER_LIMITS, ...opts.env },
      { databaseUrl: null, host: '127.0.0.1', port: 0, mapTilesUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', ...opts.config },
    );
    const images = createImageStore(config.uploadsDir);
    let storeId: number;
    if (opts.demo) {
      await seedDemoIfEmpty(database, images, OWNER_PHONE);
      storeId = (await database.db.selectFrom('stores').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow()).id;
    } else {
      storeId = await createStore(database.db, { name: 'Тестовый магазин', domain: 'localhost' });
      const store = await database.db.selectFrom('stores').selectAll().where('id', '=', storeId).executeTakeFirstOrThrow();
      await saveStore(database.db, store, { phone: '+7 (812) 555-00-00', email: 'test@example.com' });
      await makeOwner(database.db, storeId, OWNER_PHONE);
    }
    const ownerId = (await database.db.selectFrom('stores').select('user_id').where('id', '=', storeId).executeTakeFirstOrThrow()).user_id!;
    // SMS lines are collected here unless the test configures the http adapter (its own fake gateway).
    const sms = config.smsAdapter === 'http' ? undefined : consoleSms((line) => smsLines.push(line));
    const built = await buildApp({ config, database, sms, serveApps: false, domainProver: opts.domainProver });
    app = built.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const defaultHost = `127.0.0.1:${port}`;

    const api = async <T = any>(name: string, params: Params = {}, o: CallOptions = {}): Promise<Reply<T>> => {
      const all: Params = { ...params };
      const headers: Record<string, string> = { host: o.host ?? defaultHost, accept: 'application/json', ...o.headers };
      if (typeof o.token === 'string') headers.authorization = `Bearer ${o.token}`;
      else if (o.token) Object.assign(all, { user_id: o.token.user_id, token_seq: o.token.token_seq, token: o.token.token });
      const { body, contentType } = await encodeBody(all, o.files, o.multipart ?? false);
      headers['content-type'] = contentType;
      return request(port, 'POST', `/api?api=${encodeURIComponent(name)}`, headers, body);
    };

    const lastCode = (phone: string) => {
      const want = normalizePhone(phone) ?? phone;
      for (let i = smsLines.length - 1; i >= 0; i--) {
        const m = /^sms to (\+\d+): .*?(\d{4,6})\s*$/.exec(smsLines[i]);
        if (m && m[1] === want) return m[2];
      }
      return null;
    };

    const server: TestServer = {
      url: `http://${defaultHost}`,
      port,
      config,
      database,
      db: database.db,
      dialect: database.dialect,
      images,
      services: built.services,
      apiNames: built.app.apiHandlers.names(),
      restResources: [...built.app.restResources.names],
      label: fresh.label,
      storeId,
      ownerId,
      smsLines,
      api,
      get: (path, o = {}) => request(port, 'GET', path, { host: o.host ?? defaultHost }),
      lastCode,
      async signIn(phone, o = {}) {
        const before = smsLines.length;
        const sent = await api('sms_code', { phone }, { host: o.host });
        if (sent.status !== 200) throw new Error(`sms_code for ${phone} answered ${sent.status}: ${JSON.stringify(sent.body)}`);
        if (smsLines.length === before) throw new Error(`no SMS was sent to ${phone}`);
        const code = lastCode(phone);
        const login = await api<Auth>('login', { phone, code: code ?? '' }, { host: o.host });
        if (login.status !== 200) throw new Error(`login for ${phone} answered ${login.status}: ${JSON.stringify(login.body)}`);
        return login.body;
      },
      async addStore(values) {
        const id = await createStore(database.db, { name: values.name, domain: values.domain });
        const store = await database.db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        await saveStore(database.db, store, { phone: '+7 (812) 555-00-01', email: `owner@${values.domain}` });
        if (values.ownerPhone) await makeOwner(database.db, id, values.ownerPhone);
        return id;
      },
      createCategory(overrides = {}, sid = storeId) {
        return createCategory(database.db, sid, overrides);
      },
      createOffer(overrides = {}, sid = storeId) {
        return createOffer(database, images, sid, overrides);
      },
      async close() {
        try {
          await app?.close();
        } finally {
          await fresh.cleanup();
        }
      },
    };
    return server;
  } catch (e) {
    await app?.close().catch(() => undefined);
    await fresh.cleanup().catch(() => undefined);
    throw e;
  }
}

/**
 * A test server with the shop's owner and the test customer signed in, for a file's `beforeAll`:
 * `({ server, owner, customer } = await startSignedIn());`.
 */
export async function startSignedIn(opts: Parameters<typeof startTestServer>[0] = {}): Promise<{ server: TestServer; owner: Auth; customer: Auth }> {
  const server = await startTestServer(opts);
  try {
    return { server, owner: await server.signIn(OWNER_PHONE), customer: await server.signIn(CUSTOMER_PHONE) };
  } catch (e) {
    await server.close();
    throw e;
  }
}

/** A second connection to a test server's database with caches of its own: another WORKERS process's view. */
/** A request exactly as given (method, headers, body bytes), for what a well-behaved client never sends; the answer's body as JSON when it is. */
export function rawRequest(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  const data = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body);
  const all = data ? { ...headers, 'content-length': String(data.length) } : headers;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers: all }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(data);
  });
}

/** A test server with its owner signed in and, when named, one category made (categoryId; '' without). */
export async function startWithOwner(category?: string): Promise<{ server: TestServer; owner: Auth; categoryId: string }> {
  const server = await startTestServer();
  const owner = await server.signIn(OWNER_PHONE);
  return { server, owner, categoryId: category === undefined ? '' : await server.createCategory({ category }) };
}

/**
 * A file's afterAll: closes each in turn (the test server, then the apps and fakes beside it); one that was
 * not started (its beforeAll failed first) is passed over.
 */
export async function closeAll(...open: ({ close(): unknown } | undefined)[]): Promise<void> {
  for (const o of open) await o?.close();
}

/** Polls `get` every 25 ms until it gives a truthy value (returned); fails after 10 s naming `what`. */
export async function until<T>(what: string, get: () => T | Promise<T>): Promise<NonNullable<T>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const v = await get();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function secondConnection(server: TestServer): Database {
  const pgUrl = testDatabaseUrl();
  const schema = server.label.startsWith('postgres schema ') ? server.label.slice('postgres schema '.length) : null;
  return openDatabase({ databaseUrl: pgUrl && schema ? withSearchPath(pgUrl, schema) : null, dataDir: server.config.dataDir });
}

let categoryCounter = 0;
/** A category through the catalogue service (the same code the owner's api= call runs); returns its id. */
export function createCategory(db: Db, storeId: number, overrides: { category?: string; subId?: string; sort?: number; picture?: string } = {}) {
  categoryCounter++;
  return saveCategory(db, storeId, null, { category: `Категория ${categoryCounter}`, subId: '0', sort: categoryCounter, ...overrides });
}

let offerCounter = 0;
/** A product through the offers service; `overrides` are registry values by name as a client sends them (strings fine). */
export async function createOffer(database: Database, images: ImageStore, storeId: number, overrides: Record<string, unknown> = {}) {
  offerCounter++;
  const type = String(overrides.type ?? 'common');
  const sent = { type, name: `Товар ${offerCounter}`, price: '100', ...overrides } as Record<string, unknown>;
  if (sent.categoryId === undefined) throw new Error('createOffer needs a categoryId');
  const { values, errors } = validateFields(offerFieldsFor(type), sent);
  if (errors.length) throw new Error(`createOffer: ${JSON.stringify(errors)}`);
  const owner = await database.db.selectFrom('stores').select('user_id').where('id', '=', storeId).executeTakeFirstOrThrow();
  return saveOffer(database.db, database.dialect, images, storeId, owner.user_id ?? 0, null, { values, params: new Map(), files: new Map() });
}

/** A real PNG of the given size made with sharp. */
export function pngImage(width = 64, height = 48, colour = { r: 200, g: 40, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

/** Every row of a table as JSON text: to prove that a refused call changed nothing. */
export async function snapshot(db: Db, tables: string[]): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    const rows: unknown[] = await (db as any).selectFrom(t).selectAll().execute();
    // Sorted: PostgreSQL may hand back rows in another physical order without anything having changed.
    out[t] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return JSON.stringify(out);
}

/** Every file under the uploads folder (relative paths, sorted). */
export function listUploads(server: Pick<TestServer, 'config'>): string[] {
  const root = server.config.uploadsDir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

/** The tables a catalogue write can touch. */
export const CATALOGUE_TABLES = ['stores', 'categories', 'offers', 'offer_params', 'params', 'param_values', 'banners'];
