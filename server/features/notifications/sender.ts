import nodemailer from 'nodemailer';
import type { Db } from '../../db/types';
import { now } from '../../db/database';
import { storeValues } from '../../api/tenant';
import { countDaily, utcDayStart } from '../../lib/dailyCount';

export interface OutgoingMessage {
  recipient: string;
  subject: string;
  body: string;
  /** The store's settings (the Telegram bot token is the owner's). */
  settings: Record<string, unknown>;
}

/** One channel's way out; throws when the message was not accepted (the row is retried later). */
export type ChannelAdapter = (m: OutgoingMessage) => Promise<void>;

/** E-mail over SMTP (nodemailer), to `SMTP_URL` (smtp://user:pass@host:port or smtps://...), from `MAIL_FROM`. */
export function smtpAdapter(url: string, from: string): ChannelAdapter {
  const transport = nodemailer.createTransport(url);
  return async (m) => {
    await transport.sendMail({ from, to: m.recipient, subject: m.subject, text: m.body });
  };
}

/** Outside production without SMTP_URL: the message goes to the log, like the SMS console adapter. */
export function consoleMailAdapter(log: (line: string) => void = (l) => console.log(l)): ChannelAdapter {
  return async (m) => log(`mail to ${m.recipient}: ${m.subject}`);
}

/** Telegram Bot API `sendMessage` at `<base>/bot<token>/sendMessage` (base: TELEGRAM_API_URL). */
export function telegramAdapter(baseUrl: string): ChannelAdapter {
  const base = baseUrl.replace(/\/$/, '');
  return async (m) => {
    const token = m.settings.telegram_bot_token;
    if (typeof token !== 'string' || !token) throw new Error('telegram_bot_token is not set');
    const res = await fetch(`${base}/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: m.recipient, text: m.body.slice(0, 4096) }),
      signal: AbortSignal.timeout(15_000),
    });
    const answer = (await res.json().catch(() => null)) as { ok?: boolean; description?: string } | null;
    if (!res.ok || !answer?.ok) throw new Error(`telegram ${res.status}: ${answer?.description ?? 'no answer'}`);
  };
}

/** SMS through the shop's gateway (the sign-in codes' adapter): the message's whole text. */
export function smsAdapter(sms: { send(phone: string, text: string): Promise<void> }): ChannelAdapter {
  return async (m) => sms.send(m.recipient, m.body);
}

export interface SenderOptions {
  adapters: Record<string, ChannelAdapter>;
  /** The first retry's delay; each next one doubles it (capped at an hour). */
  retryBaseMs: number;
  /** Attempts before a row is marked failed. */
  maxAttempts: number;
  /** Order SMS (`order_sms`) per shop and UTC day (config.orderSmsPerDay); over it a row is skipped. 0 or unset: no limit. */
  orderSmsPerDay?: number;
  /** How long a sender holds a row it took (another process leaves it alone meanwhile). */
  leaseMs?: number;
  batch?: number;
  log?: (msg: string, err?: unknown) => void;
}

export const backoffMs = (attempts: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);

const later = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The shops (and UTC day) whose cap this process already logged: one line a day per shop, not one per SMS. */
const capLogged = new Set<string>();

/**
 * Whether an order SMS may go: counts it against the shop's daily cap (rate_limits, atomic across processes)
 * on its first attempt only, so a gateway's failure retried later is not counted twice.
 */
async function orderSmsAllowed(db: Db, row: { store_id: number; channel: string; event: string; attempts: number }, opts: SenderOptions): Promise<boolean> {
  const cap = opts.orderSmsPerDay ?? 0;
  if (cap <= 0 || row.channel !== 'sms' || row.event !== 'order_sms' || row.attempts > 0) return true;
  const at = new Date();
  if ((await countDaily(db, `order_sms:${row.store_id}`, cap, at)) !== null) return true;
  const logged = `${row.store_id}:${utcDayStart(at)}`;
  if (!capLogged.has(logged)) {
    if (capLogged.size > 10_000) capLogged.clear();
    capLogged.add(logged);
    opts.log?.(`store ${row.store_id}: ${cap} order SMS today (UTC), the rest of the day's are skipped (ORDER_SMS_PER_DAY)`);
  }
  return false;
}

/** The outbox's reason for an order SMS over the shop's daily cap (the admin's list shows it). */
export const smsCapReason = (cap: number) => `Not sent: the shop's limit of ${cap} order SMS a day (UTC) is reached`;

/**
 * Sends the due rows once: each row is taken by moving its next_at forward (only one process wins that
 * update), then sent (an order SMS over its shop's daily cap is marked skipped instead); a success marks it sent, a failure counts the attempt, keeps the error and sets the
 * next try by doubling backoff, and after maxAttempts marks it failed (the admin lists and can retry it).
 * Returns how many rows were tried.
 */
export async function sendDue(db: Db, opts: SenderOptions): Promise<number> {
  const due = await db
    .selectFrom('outbox')
    .select(['id', 'store_id', 'event', 'channel', 'recipient', 'subject', 'body', 'attempts', 'next_at'])
    .where('status', '=', 'pending')
    .where('next_at', '<=', now())
    .orderBy('next_at')
    .limit(opts.batch ?? 20)
    .execute();
  let tried = 0;
  for (const row of due) {
    const taken = await db
      .updateTable('outbox')
      .set({ next_at: later(opts.leaseMs ?? 120_000) })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('next_at', '=', row.next_at)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) continue;
    tried++;
    // Over the shop's daily cap an order SMS is skipped: not sent, not retried, not one of the failed ones the owner is warned of.
    if (!(await orderSmsAllowed(db, row, opts))) {
      await db.updateTable('outbox').set({ status: 'skipped', last_error: smsCapReason(opts.orderSmsPerDay!) }).where('id', '=', row.id).execute();
      continue;
    }
    const attempts = row.attempts + 1;
    try {
      const adapter = opts.adapters[row.channel];
      if (!adapter) throw new Error(`no adapter for ${row.channel}`);
      const store = await db.selectFrom('stores').selectAll().where('id', '=', row.store_id).executeTakeFirstOrThrow();
      await adapter({ recipient: row.recipient, subject: row.subject, body: row.body, settings: storeValues(store) });
      await db.updateTable('outbox').set({ status: 'sent', attempts, sent_at: now(), last_error: null }).where('id', '=', row.id).execute();
    } catch (e) {
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 1000);
      const failed = attempts >= opts.maxAttempts;
      opts.log?.(`notification ${row.id} (${row.channel}) attempt ${attempts} failed${failed ? ', giving up' : ''}: ${error}`, e);
      await db
        .updateTable('outbox')
        .set({ attempts, last_error: error, ...(failed ? { status: 'failed' } : { next_at: later(backoffMs(attempts, opts.retryBaseMs)) }) })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return tried;
}

/** The sender loop: every intervalMs, sends what is due; stop() waits for the round in progress. */
export function startSender(db: Db, opts: SenderOptions & { intervalMs: number }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = sendDue(db, opts)
      .catch((e) => opts.log?.('notification sender round failed', e))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.intervalMs);
      });
  };
  timer = setTimeout(tick, opts.intervalMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
