import type { Db, Executor, Store } from '../../db/types';
import { now } from '../../db/database';
import { ApiError, badRequest, errorText, serverText } from '../../errors';
import { notify } from '../notifications/public';
import { amountDue, getOrderFor, orderData, type Customer, type OrderRow } from '../orders/public';
import { shopLang, storeValues } from '../../api/tenant';
import type { Lang } from '../../../i18n';
import { bundleTotal, orderBundle, type OrderBundle } from './receipt';

/**
 * Card payments through a Sberbank-style acquirer: `register.do` opens a payment page (`formUrl`) for one
 * attempt, `getOrderStatusExtended.do` says whether it was paid. An order counts as paid only after the
 * acquirer confirms status 2 with the amount and order number we registered.
 */
export interface AcquirerConfig {
  /** Base URL of the acquirer's REST API, e.g. https://3dsec.sberbank.ru/payment/rest */
  baseUrl: string;
  userName: string;
  password: string;
}

export interface RegisterResult {
  acquirerOrderId: string | null;
  formUrl: string | null;
  errorMessage: string | null;
}

export interface AcquirerStatus {
  orderStatus: number | null;
  amount: number | null;
  orderNumber: string | null;
  errorCode: string | null;
  errorMessage: string | null;
}

/** Acquirer order statuses (Sberbank): 2 = fully authorised (paid); 3 = cancelled, 6 = declined; 4 = refunded. */
export const PAID_STATUS = 2;
const FAILED_STATUSES = new Set([3, 4, 6]);

const TIMEOUT_MS = 15_000;

async function call(cfg: AcquirerConfig, method: string, params: Record<string, string>): Promise<Record<string, unknown>> {
  const url = `${cfg.baseUrl.replace(/\/+$/, '')}/${method}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ userName: cfg.userName, password: cfg.password, ...params }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch {
    throw new ApiError(502, 'payment_error', {}, undefined, 'payment_service_error');
  }
  const text = await res.text();
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') return body as Record<string, unknown>;
  } catch {
    /* falls through */
  }
  throw new ApiError(502, 'payment_error', { status: res.status }, undefined, 'payment_service_status');
}

const str = (v: unknown) => (v === undefined || v === null || v === '' ? null : String(v));
const num = (v: unknown) => (v === undefined || v === null || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

export const acquirer = {
  async register(
    cfg: AcquirerConfig,
    p: { orderNumber: string; amount: number; returnUrl: string; failUrl: string; description: string; receipt?: { bundle: OrderBundle; taxSystem: string } },
  ): Promise<RegisterResult> {
    const body = await call(cfg, 'register.do', {
      ...(p.receipt ? { orderBundle: JSON.stringify(p.receipt.bundle), taxSystem: p.receipt.taxSystem } : {}),
      orderNumber: p.orderNumber,
      amount: String(p.amount),
      currency: '643',
      returnUrl: p.returnUrl,
      failUrl: p.failUrl,
      description: p.description,
      language: 'ru',
    });
    const errorCode = str(body.errorCode);
    const formUrl = str(body.formUrl);
    const acquirerOrderId = str(body.orderId);
    if ((errorCode && errorCode !== '0') || !formUrl || !acquirerOrderId || !/^https?:\/\//i.test(formUrl)) {
      return { acquirerOrderId: null, formUrl: null, errorMessage: str(body.errorMessage) ?? errorText('payment_not_registered') };
    }
    return { acquirerOrderId, formUrl, errorMessage: null };
  },
  /** A refund of a paid acquirer order; `refundItems` carries the refunded positions for the receipt. */
  async refund(cfg: AcquirerConfig, p: { acquirerOrderId: string; amount: number; refundItems?: { items: unknown[] } }): Promise<{ errorMessage: string | null }> {
    const body = await call(cfg, 'refund.do', {
      orderId: p.acquirerOrderId,
      amount: String(p.amount),
      ...(p.refundItems ? { refundItems: JSON.stringify(p.refundItems) } : {}),
      language: 'ru',
    });
    const errorCode = str(body.errorCode);
    return { errorMessage: errorCode && errorCode !== '0' ? (str(body.errorMessage) ?? `errorCode ${errorCode}`) : null };
  },
  async status(cfg: AcquirerConfig, acquirerOrderId: string): Promise<AcquirerStatus> {
    const body = await call(cfg, 'getOrderStatusExtended.do', { orderId: acquirerOrderId, language: 'ru' });
    return {
      orderStatus: num(body.orderStatus),
      amount: num(body.amount),
      orderNumber: str(body.orderNumber),
      errorCode: str(body.errorCode),
      errorMessage: str(body.errorMessage),
    };
  },
};

/** The acquirer of a store: the server's ACQUIRING_URL with the store's own login and password; null when not set up. */
export function acquirerFor(store: Store, baseUrl: string | null): AcquirerConfig | null {
  const s = storeValues(store);
  const userName = typeof s.acquiring_login === 'string' ? s.acquiring_login : '';
  const password = typeof s.acquiring_password === 'string' ? s.acquiring_password : '';
  if (!baseUrl || !userName || !password) return null;
  return { baseUrl, userName, password };
}

const unavailable = () => new ApiError(400, 'payment_unavailable');

/** Kopecks of what the customer pays for the order (goods after the discount plus delivery, computed when it was placed). */
export const amountInKopecks = (row: Pick<OrderRow, 'total' | 'delivery_cost'>) => Math.round(amountDue(row) * 100);

export interface PaymentForm {
  formUrl: string | null;
  localOrder: number;
  errorMessage: string | null;
}

/**
 * The acquirer's order number of an attempt: `<shop>-<order number>-<attempt>`, unique across shops that
 * share a merchant account (the order's number is only unique in its shop). Attempts registered before
 * orders were numbered per shop carry `<internal id>-<attempt>`; a confirmation of those still counts.
 */
const acquirerNumber = (row: Pick<OrderRow, 'store_id' | 'number'>, attempt: number) => `${row.store_id}-${row.number}-${attempt}`;
const acquirerNumbers = (row: Pick<OrderRow, 'id' | 'store_id' | 'number'>, attempt: number) => [acquirerNumber(row, attempt), `${row.id}-${attempt}`];

/**
 * api=sber: a new payment attempt for an unpaid online order of this customer (`orderId`: its number in the
 * shop). Each attempt is its own acquirer order. An earlier attempt that was paid meanwhile is noticed first.
 */
export async function startPayment(db: Db, store: Store, orderId: number, who: Customer, opts: { acquiringUrl: string | null; origin: string; lang?: Lang }): Promise<PaymentForm> {
  const row = await getOrderFor(db, store.id, orderId, who);
  if (row.payment !== 'online') throw badRequest('invalid_input', {}, ['orderId'], 'not_paid_online');
  if (row.status === 'cancelled') throw badRequest('invalid_input', {}, ['orderId'], 'order_cancelled');
  if (row.payment_status === 'paid') throw new ApiError(409, 'already_paid');
  const cfg = acquirerFor(store, opts.acquiringUrl);
  if (!cfg) throw unavailable();
  if ((await refreshPayment(db, store, row, cfg)) === 'paid') throw new ApiError(409, 'already_paid');

  const amount = amountInKopecks(row);
  const attempt = await newAttempt(db, store.id, row.id, amount);
  const origin = opts.origin.replace(/\/+$/, '');
  let result: RegisterResult;
  try {
    result = await acquirer.register(cfg, {
      orderNumber: acquirerNumber(row, attempt.attempt),
      amount,
      returnUrl: `${origin}/success_payment?orderId=${orderId}`,
      failUrl: `${origin}/fail_payment?orderId=${orderId}`,
      description: serverText(opts.lang ?? shopLang(store), 'payment_description', { id: orderId }),
      receipt: receiptOf(store, row),
    });
  } catch (e) {
    await db.updateTable('payments').set({ status: 'error', error: (e as Error).message.slice(0, 500), updated_at: now() }).where('id', '=', attempt.id).execute();
    throw e;
  }
  await db
    .updateTable('payments')
    .set(
      result.acquirerOrderId
        ? { status: 'registered', acquirer_order_id: result.acquirerOrderId, form_url: result.formUrl, updated_at: now() }
        : { status: 'error', error: result.errorMessage?.slice(0, 500) ?? null, updated_at: now() },
    )
    .where('id', '=', attempt.id)
    .execute();
  await db.updateTable('orders').set({ payment_status: result.acquirerOrderId ? 'pending' : 'failed', updated_at: now() }).where('id', '=', row.id).where('payment_status', '<>', 'paid').execute();
  return { formUrl: result.formUrl, localOrder: orderId, errorMessage: result.errorMessage };
}

/** The 54-FZ receipt of an order (store setting `receipts`, on by default): its basket and tax system. */
export function receiptOf(store: Store, row: OrderRow): { bundle: OrderBundle; taxSystem: string } | undefined {
  const s = storeValues(store);
  if (s.receipts === false) return undefined;
  const d = orderData(row);
  const deliveryCost = Number(row.delivery_cost);
  // The lines carry a percent code's discount in their prices; what the order took off the goods beyond them
  // (a fixed-sum code) is spread over the positions.
  const lineKopecks = d.products.reduce((sum, l) => sum + Math.round(l.price * 100) * l.quantity, 0);
  const offGoods = lineKopecks + Math.round(deliveryCost * 100) - amountInKopecks(row);
  const bundle = orderBundle({ createdAt: row.created_at, email: d.email, phone: d.phone, lines: d.products, deliveryCost, taxType: Number(s.vat_rate ?? 0) || 0, offGoods: Math.max(0, offGoods) });
  // The acquirer refuses a basket whose sum is not the amount: better no receipt data than no payment.
  if (bundleTotal(bundle.cartItems.items) !== amountInKopecks(row)) return undefined;
  return { bundle, taxSystem: String(s.tax_system ?? '1') };
}

/**
 * The owner cancels an order paid on the site: the money goes back through refund.do with the refunded
 * positions (the acquirer's cash register prints the refund receipt); then the order is marked refunded.
 * Answers 502 (and changes nothing) when the acquirer refuses or cannot be reached.
 */
export async function refundOrder(db: Db, store: Store, row: OrderRow, acquiringUrl: string | null): Promise<void> {
  if (row.payment !== 'online' || row.payment_status !== 'paid') return;
  const cfg = acquirerFor(store, acquiringUrl);
  if (!cfg) throw new ApiError(502, 'payment_error', {}, undefined, 'refund_not_configured');
  const paid = await db
    .selectFrom('payments')
    .select(['id', 'acquirer_order_id', 'amount'])
    .where('store_id', '=', store.id)
    .where('order_id', '=', row.id)
    .where('status', '=', 'paid')
    .orderBy('attempt', 'desc')
    .executeTakeFirst();
  if (!paid?.acquirer_order_id) throw new ApiError(502, 'payment_error', {}, undefined, 'refund_no_payment');
  const receipt = receiptOf(store, row);
  const result = await acquirer.refund(cfg, {
    acquirerOrderId: paid.acquirer_order_id,
    amount: paid.amount,
    refundItems: receipt ? { items: receipt.bundle.cartItems.items } : undefined,
  });
  if (result.errorMessage) throw new ApiError(502, 'payment_error', { reason: result.errorMessage }, undefined, 'refund_refused');
  await db.updateTable('payments').set({ status: 'refunded', updated_at: now() }).where('id', '=', paid.id).execute();
  await db.updateTable('orders').set({ payment_status: 'refunded', updated_at: now() }).where('store_id', '=', store.id).where('id', '=', row.id).execute();
}

/** The next attempt number, taken under the unique (store, order, attempt) index so parallel clicks never share one. */
async function newAttempt(db: Db, storeId: number, orderId: number, amount: number): Promise<{ id: number; attempt: number }> {
  for (let tries = 0; tries < 5; tries++) {
    const last = await db
      .selectFrom('payments')
      .select((eb) => eb.fn.max('attempt').as('n'))
      .where('store_id', '=', storeId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
    const attempt = Number(last?.n ?? 0) + 1;
    const at = now();
    const row = await db
      .insertInto('payments')
      .values({ store_id: storeId, order_id: orderId, attempt, acquirer_order_id: null, amount, status: 'new', form_url: null, error: null, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['store_id', 'order_id', 'attempt']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return { id: row.id, attempt };
  }
  throw new ApiError(409, 'conflict', {}, undefined, 'retry');
}

export type PaymentState = 'paid' | 'pending' | 'failed' | 'none' | 'refunded';

/**
 * Asks the acquirer about every open attempt of the order and records what it says. Paid only on status 2
 * with our amount and order number; an amount that differs is recorded as a mismatch and never pays.
 */
export async function refreshPayment(db: Db, store: Store, row: OrderRow, cfg: AcquirerConfig): Promise<PaymentState> {
  if (row.payment_status === 'paid') return 'paid';
  if (row.payment_status === 'refunded') return 'refunded';
  const attempts = await db
    .selectFrom('payments')
    .selectAll()
    .where('store_id', '=', store.id)
    .where('order_id', '=', row.id)
    .orderBy('attempt', 'desc')
    .execute();
  if (!attempts.length) return row.payment === 'online' ? 'pending' : 'none';
  for (const p of attempts) {
    if (p.status !== 'registered' || !p.acquirer_order_id) continue;
    const s = await acquirer.status(cfg, p.acquirer_order_id);
    const expected = acquirerNumbers(row, p.attempt);
    let status: string | null = null;
    if (s.orderStatus === PAID_STATUS) {
      status = s.amount === p.amount && (s.orderNumber === null || expected.includes(s.orderNumber)) ? 'paid' : 'mismatch';
    } else if (s.orderStatus !== null && FAILED_STATUSES.has(s.orderStatus)) status = 'failed';
    if (status) {
      const paid = status === 'paid';
      const marked = await db.transaction().execute(async (tx) => {
        await tx
          .updateTable('payments')
          .set({ status, error: paid ? null : (s.errorMessage ?? `orderStatus ${s.orderStatus}, amount ${s.amount}`).slice(0, 500), updated_at: now() })
          .where('id', '=', p.id)
          .execute();
        if (!paid) return false;
        // Paid: the order's stock is no longer on a timer (features/orders/stockHolds.ts).
        const r = await tx.updateTable('orders').set({ payment_status: 'paid', hold_until: null, updated_at: now() }).where('store_id', '=', store.id).where('id', '=', row.id).where('payment_status', '<>', 'paid').executeTakeFirst();
        if (Number(r.numUpdatedRows) === 1 && store.user_id !== null) {
          await notify(tx, {
            storeId: store.id,
            userId: store.user_id,
            deviceId: null,
            header: serverText(shopLang(store), 'paid_header', { id: row.number }),
            desc: serverText(shopLang(store), 'paid_desc', { sum: (p.amount / 100).toFixed(2) }),
            img: orderData(row).products[0]?.picture ?? null,
            fromId: row.user_id ?? 0,
            orderId: row.id,
          });
        }
        return true;
      });
      if (marked) return 'paid';
    }
  }
  return settleState(db, store.id, row.id);
}

/** The order's payment state from its attempts: paid if any is, failed if the newest failed, else pending. */
async function settleState(db: Executor, storeId: number, orderId: number): Promise<PaymentState> {
  const attempts = await db.selectFrom('payments').select(['status']).where('store_id', '=', storeId).where('order_id', '=', orderId).orderBy('attempt', 'desc').execute();
  const state: PaymentState = attempts.some((a) => a.status === 'paid')
    ? 'paid'
    : attempts.length && ['failed', 'mismatch', 'error'].includes(attempts[0].status)
      ? 'failed'
      : 'pending';
  await db.updateTable('orders').set({ payment_status: state, updated_at: now() }).where('store_id', '=', storeId).where('id', '=', orderId).where('payment_status', '<>', 'paid').execute();
  return state;
}

/** api=sber_status: what the success (or fail) page asks; confirmed with the acquirer, never taken from the browser. */
export async function paymentStatus(db: Db, store: Store, orderId: number, who: Customer, acquiringUrl: string | null): Promise<{ orderId: number; paymentStatus: PaymentState; paid: '1' | '0' }> {
  const row = await getOrderFor(db, store.id, orderId, who);
  if (row.payment !== 'online') throw badRequest('invalid_input', {}, ['orderId'], 'not_paid_online');
  const cfg = acquirerFor(store, acquiringUrl);
  if (!cfg) throw unavailable();
  const state = await refreshPayment(db, store, row, cfg);
  return { orderId, paymentStatus: state, paid: state === 'paid' ? '1' : '0' };
}
