import type { Lang } from '../../../i18n';
import type { Executor, Store } from '../../db/types';
import { now } from '../../db/database';
import { storeValues } from '../../api/tenant';
import { render, text, type NotificationEvent } from './templates';
import { statusKey } from '../../../schemas';
import { formatPrice } from '../../../schemas/rules/money';
import { smsShopName } from '../../lib/smsShopName';

/** `sms` goes through the same gateway as the sign-in codes (services.sms). */
export type Channel = 'email' | 'telegram' | 'sms';
export interface Destination {
  channel: Channel;
  recipient: string;
}

/**
 * Where the owner wants to hear of a kind of event: the e-mail and the Telegram chat of its settings. With no
 * e-mail of its own, the shop's required 'Почта для заказов' (`email`) hears of it: one address set at sign-up
 * is enough for an owner never to miss an order.
 */
export function ownerDestinations(settings: Record<string, unknown>, kind: 'orders' | 'questions' | 'imports'): Destination[] {
  const out: Destination[] = [];
  const own = settings[`notify_${kind}_email`];
  const email = typeof own === 'string' && own.trim() ? own : settings.email;
  const chat = settings[`notify_${kind}_telegram`];
  if (typeof email === 'string' && email.trim()) out.push({ channel: 'email', recipient: email.trim() });
  // A chat without the bot's token could never be sent: not queued (the settings page says so).
  if (typeof chat === 'string' && chat.trim() && typeof settings.telegram_bot_token === 'string' && settings.telegram_bot_token) {
    out.push({ channel: 'telegram', recipient: chat.trim() });
  }
  return out;
}

/**
 * Queues one message per destination in the caller's transaction: the message exists exactly when what it
 * tells of was committed. Sending happens later, in the sender loop (sender.ts).
 */
export async function enqueue(
  db: Executor,
  store: Store,
  event: NotificationEvent,
  to: Destination[],
  vars: Record<string, string | number>,
  orderId: number | null = null,
  /** The reader's language; the shop's (notify_lang) by default. */
  lang: unknown = storeValues(store).notify_lang,
): Promise<number> {
  if (!to.length) return 0;
  const settings = storeValues(store);
  const message = render(settings, event, { shop: store.name, ...vars }, lang);
  const at = now();
  await db
    .insertInto('outbox')
    .values(
      to.map((d) => ({
        store_id: store.id,
        event,
        channel: d.channel,
        recipient: d.recipient,
        subject: message.subject,
        body: message.body,
        next_at: at,
        order_id: orderId,
        created_at: at,
      })),
    )
    .execute();
  return to.length;
}

/** A sum as the shop shows it ('12 990 ₽'): the alert's subject said '12990 р.'. */
const money = (n: number) => formatPrice(n);

export interface OrderFacts {
  /** The order's number in its shop. */
  id: number;
  /** The customer proved the order's phone (SMS): only then are they written to (a stranger could give anyone's e-mail). */
  phoneVerified: boolean;
  total: number;
  receiving: string;
  status?: string;
  /** Why the owner cancelled it. */
  reason?: string | null;
  /** The language the customer ordered in (null: the shop's): the customer's messages speak it. */
  lang?: Lang | null;
  clientName: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  comment: string | null;
  payment: string | null;
  products: { name: string; quantity: number; sum: number }[];
}

function orderVars(o: OrderFacts, lang: unknown): Record<string, string | number> {
  const none = text(lang, 'none');
  return {
    order: o.id,
    total: money(o.total),
    name: o.clientName ?? none,
    phone: o.phone ?? none,
    email: o.email ?? none,
    receiving: text(lang, o.receiving === 'pickup' ? 'pickup' : 'delivery'),
    address: o.address ?? none,
    comment: o.comment ?? none,
    payment: o.payment ?? none,
    lines: o.products.map((l) => `${l.name} × ${l.quantity} = ${money(l.sum)}`).join('\n'),
    status: o.status ? text(lang, `status.${statusKey(o.status, o.receiving)}`) : '',
    reason: o.reason ? ` ${text(lang, 'reason')}: ${o.reason}` : '',
  };
}

const customerEmail = (settings: Record<string, unknown>, o: OrderFacts): Destination[] =>
  settings.notify_customers !== false && o.phoneVerified && o.email && /^[^\s@]+@[^\s@]+$/.test(o.email) ? [{ channel: 'email', recipient: o.email }] : [];

/** The customer's language for their messages: the one they ordered in, else the shop's. */
const customerLang = (settings: Record<string, unknown>, o: OrderFacts) => o.lang ?? settings.notify_lang;

/**
 * A new order: the owner's channels hear of it in the shop's language, the customer (with an e-mail and a
 * phone checked by SMS) gets the confirmation in theirs.
 */
export async function enqueueNewOrder(db: Executor, store: Store, o: OrderFacts): Promise<void> {
  const settings = storeValues(store);
  await enqueue(db, store, 'new_order', ownerDestinations(settings, 'orders'), orderVars(o, settings.notify_lang), o.id);
  const lang = customerLang(settings, o);
  await enqueue(db, store, 'order_confirmation', customerEmail(settings, o), orderVars(o, lang), o.id, lang);
}

/**
 * The order's phone gets an SMS at the two steps a customer must act on: a pickup order is ready, an order is
 * cancelled. The owner caused it, so the phone need not be checked (the text is then the platform's alone);
 * a shop that tells customers nothing (notify_customers off) sends none.
 */
const customerSms = (settings: Record<string, unknown>, o: OrderFacts & { status: string }): Destination[] => {
  const digits = (o.phone ?? '').replace(/\D/g, '');
  const wanted = o.status === 'cancelled' || statusKey(o.status, o.receiving) === 'ready';
  return settings.notify_customers !== false && wanted && digits.length >= 10 ? [{ channel: 'sms', recipient: `+${digits}` }] : [];
};

/** The order's new status, to the customer's e-mail and (when ready for pickup or cancelled) phone, in the customer's language. */
export async function enqueueStatusChange(db: Executor, store: Store, o: OrderFacts & { status: string }): Promise<void> {
  const settings = storeValues(store);
  const lang = customerLang(settings, o);
  await enqueue(db, store, 'order_status', customerEmail(settings, o), orderVars(o, lang), o.id, lang);
  // The SMS is the platform's template: anyone may type any phone into an order, so its free texts are not
  // for a number nobody proved: the shop's name is cleaned as the sign-in SMS's, the owner's reason only to a
  // checked phone (else the order's page and e-mail say it).
  const sms = { ...orderVars(o, lang), shop: smsShopName(store.name), ...(o.phoneVerified ? {} : { reason: '' }) };
  await enqueue(db, store, 'order_sms', customerSms(settings, o), sms, o.id, lang);
}

/** A customer's question about an order, to the owner. */
export async function enqueueQuestion(db: Executor, store: Store, q: { orderId: number; name: string | null; contact: string | null; text: string }): Promise<void> {
  const settings = storeValues(store);
  const none = text(settings.notify_lang, 'none');
  await enqueue(db, store, 'question', ownerDestinations(settings, 'questions'), { order: q.orderId, name: q.name ?? none, contact: q.contact ?? none, text: q.text }, q.orderId);
}

/** A YML import that failed, to the owner. */
export async function enqueueImportFailed(db: Executor, store: Store, error: string): Promise<void> {
  const settings = storeValues(store);
  await enqueue(db, store, 'import_failed', ownerDestinations(settings, 'imports'), { error: error.slice(0, 1000) });
}
