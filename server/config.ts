import path from 'node:path';
import { proxyHops } from './lib/proxyHops';
import { platformHostsOf } from './lib/hosts';

/** Settings from the environment (all optional); docs/OPERATIONS.md lists them. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | null;
  demo: boolean;
  demoOwnerPhone: string;
  publicUrl: string | null;
  /**
   * The platform's own host names (PUBLIC_URL's host, PLATFORM_HOSTS, the loopback names): they serve the
   * default shop and no shop may claim them (features/stores/domains.ts).
   */
  platformHosts: string[];
  production: boolean;
  smsAdapter: 'console' | 'http';
  smsUrl: string | null;
  logLevel: string;
  /**
   * How many reverse proxies in front of the server to trust (TRUST_PROXY, default 0): the client's address
   * is the entry that many places from the right of X-Forwarded-For, so entries a client wrote itself on
   * the left are never taken (lib/proxyHops.ts).
   */
  trustProxy: number;
  /** Allow YML feed URLs on private/loopback addresses (tests, intranet feeds). */
  allowPrivateFeeds: boolean;
  /** Largest YML feed accepted (an upload or a link), bytes: FEED_MAX_BYTES, default 1 GB. */
  feedMaxBytes: number;
  /** A feed link that sends nothing for this long fails: FEED_TIMEOUT_MS, default 30 s. */
  feedTimeoutMs: number;
  /** How often each server process looks for queued import jobs and due refreshes: JOB_POLL_MS, default 5 s. */
  jobPollMs: number;
  /**
   * How long a shopper's request for a category's filters waits for that category's products still to be read
   * before it is answered with the shop's filters (features/catalogue/categoryFilters.ts): FILTERS_WAIT_MS,
   * default 250; 0 answers at once.
   */
  filtersWaitMs: number;
  acquiringUrl: string | null;
  geocoderUrl: string | null;
  mapTilesUrl: string;
  /** SMTP server of the e-mail notifications (smtp://user:pass@host:port); unset: logged outside production. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Telegram Bot API base URL (tests point it at a fake). */
  telegramApiUrl: string;
  /** How often the notification sender looks for due messages; 0 turns the sender off in this process. */
  notifyIntervalMs: number;
  /** The first retry's delay of a message that failed (doubling after each failure). */
  notifyRetryBaseMs: number;
  notifyMaxAttempts: number;
  /**
   * Orders without a checked phone, at most this many an hour per shop and client address, device and
   * phone (ANON_ORDERS_PER_ADDRESS 10, ANON_ORDERS_PER_DEVICE 5, ANON_ORDERS_PER_PHONE 5; 0: no limit).
   */
  anonOrderLimits: { address: number; device: number; phone: number };
  /**
   * SMS to an order's phone (ready for pickup, cancelled), at most this many per shop and UTC day: ORDER_SMS_PER_DAY,
   * default 200; 0: no limit. Anyone may type any phone into an order; over the cap the SMS is skipped (the
   * e-mail still goes), so orders placed and cancelled in bulk cannot make a shop text without end.
   */
  orderSmsPerDay: number;
  /**
   * Pictures attached to customers' questions, at most this many per order and per shop in a UTC day
   * (ATTACHMENTS_PER_ORDER 20, ATTACHMENTS_PER_SHOP_DAY 300; 0: no limit): each is decoded and encoded
   * anew, seconds of CPU for a large one, so a flood of them is refused (429 too_many_attachments) before any work.
   */
  attachmentLimits: { order: number; shop: number };
  /** Counted stock held by such an order goes back after this many minutes unless the owner took the order or it was paid: ANON_HOLD_MINUTES, default 30. */
  anonHoldMinutes: number;
  /** How often each process gives back lapsed holds: HOLD_SWEEP_MS, default 60 s; 0 turns it off (the next order of the shop still does it). */
  holdSweepMs: number;
  /** Memory per process for whole answers of public catalogue reads (api/responseCache.ts): RESPONSE_CACHE_MB, default 64; 0 turns it off. */
  responseCacheMb: number;
  /** How often each process reads the new-order count of the shops whose owners have the live stream open (GET /rest/orders/live): LIVE_ORDERS_MS, default 2000. */
  liveOrdersMs: number;
  /** A comment line on each open live stream this often, so proxies keep it: LIVE_HEARTBEAT_MS, default 15 s. */
  liveHeartbeatMs: number;
}

/** A whole number of at least 0 from the environment, else the default. */
const count = (v: string | undefined, fallback: number) => (v !== undefined && v.trim() !== '' && Number.isInteger(Number(v)) && Number(v) >= 0 ? Number(v) : fallback);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const production = env.NODE_ENV === 'production';
  const config: Omit<Config, 'platformHosts'> & { platformHosts?: string[] } = {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'uploads')),
    databaseUrl: env.DATABASE_URL || null,
    demo: (env.DEMO ?? '1') !== '0',
    demoOwnerPhone: env.DEMO_OWNER_PHONE ?? '+79990000000',
    publicUrl: env.PUBLIC_URL || null,
    production,
    smsAdapter: (env.SMS_ADAPTER as Config['smsAdapter']) ?? 'console',
    smsUrl: env.SMS_URL || null,
    logLevel: env.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    trustProxy: proxyHops(env.TRUST_PROXY),
    allowPrivateFeeds: env.ALLOW_PRIVATE_FEEDS === '1',
    feedMaxBytes: Number(env.FEED_MAX_BYTES) > 0 ? Number(env.FEED_MAX_BYTES) : 1024 * 1024 * 1024,
    feedTimeoutMs: Number(env.FEED_TIMEOUT_MS) > 0 ? Number(env.FEED_TIMEOUT_MS) : 30_000,
    jobPollMs: Number(env.JOB_POLL_MS) > 0 ? Number(env.JOB_POLL_MS) : 5_000,
    filtersWaitMs: env.FILTERS_WAIT_MS !== undefined && Number(env.FILTERS_WAIT_MS) >= 0 ? Number(env.FILTERS_WAIT_MS) : 250,
    acquiringUrl: env.ACQUIRING_URL || null,
    geocoderUrl: env.GEOCODER_URL || null,
    mapTilesUrl: env.MAP_TILES_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'shop@localhost',
    telegramApiUrl: env.TELEGRAM_API_URL ?? 'https://api.telegram.org',
    notifyIntervalMs: Number(env.NOTIFY_INTERVAL_MS ?? 2000),
    notifyRetryBaseMs: Number(env.NOTIFY_RETRY_BASE_MS ?? 30_000),
    notifyMaxAttempts: Number(env.NOTIFY_MAX_ATTEMPTS ?? 8),
    anonOrderLimits: { address: count(env.ANON_ORDERS_PER_ADDRESS, 10), device: count(env.ANON_ORDERS_PER_DEVICE, 5), phone: count(env.ANON_ORDERS_PER_PHONE, 5) },
    orderSmsPerDay: count(env.ORDER_SMS_PER_DAY, 200),
    attachmentLimits: { order: count(env.ATTACHMENTS_PER_ORDER, 20), shop: count(env.ATTACHMENTS_PER_SHOP_DAY, 300) },
    anonHoldMinutes: count(env.ANON_HOLD_MINUTES, 30),
    holdSweepMs: count(env.HOLD_SWEEP_MS, 60_000),
    responseCacheMb: Number(env.RESPONSE_CACHE_MB) >= 0 && env.RESPONSE_CACHE_MB !== '' && env.RESPONSE_CACHE_MB !== undefined ? Number(env.RESPONSE_CACHE_MB) : 64,
    liveOrdersMs: count(env.LIVE_ORDERS_MS, 2000) || 2000,
    liveHeartbeatMs: count(env.LIVE_HEARTBEAT_MS, 15_000) || 15_000,
    ...overrides,
  };
  return { ...config, platformHosts: overrides.platformHosts ?? platformHostsOf(config.publicUrl, env.PLATFORM_HOSTS) };
}
