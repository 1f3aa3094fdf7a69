import type { NewOrdersEvent } from '../../../schemas';
import type { Executor } from '../../db/types';

/**
 * The owner's live counter of new orders. Orders are placed by any server process (WORKERS=N, several
 * machines), so no process can rely on events of its own: each one reads, every `everyMs`, the count of
 * each shop whose owner has a stream open on it (one query per shop, not per stream: orders_status and
 * orders_number make it two short index ranges), and tells that shop's streams when it changed.
 */

/** The shop's new orders and its latest order's number, in one statement. */
export const newOrdersQuery = (db: Executor, storeId: number) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('orders').select((e) => e.fn.countAll().as('n')).where('store_id', '=', storeId).where('status', '=', 'new').as('count'),
    eb.selectFrom('orders').select((e) => e.fn.max('number').as('m')).where('store_id', '=', storeId).as('last'),
  ]);

export async function readNewOrders(db: Executor, storeId: number): Promise<NewOrdersEvent> {
  const row = await newOrdersQuery(db, storeId).executeTakeFirst();
  return { count: Number(row?.count ?? 0), last: row?.last === null || row?.last === undefined ? null : Number(row.last) };
}

type Listener = (event: NewOrdersEvent) => void;

export class LiveOrders {
  private readonly listeners = new Map<number, Set<Listener>>();
  private readonly known = new Map<number, string>();
  private timer: NodeJS.Timeout | null = null;
  private reading = false;
  /** Reads of the count so far (each a shop's one query): the tests prove one per shop per round. */
  reads = 0;

  constructor(
    private readonly db: Executor,
    private readonly everyMs: number,
    private readonly warn: (msg: string, err: unknown) => void,
  ) {}

  /** Sends the shop's current figures to `listener` at once, then whenever they change; returns the unsubscribe. */
  subscribe(storeId: number, send: Listener): () => void {
    let set = this.listeners.get(storeId);
    if (!set) this.listeners.set(storeId, (set = new Set()));
    // Each stream hears a figure once, however the first reads of several new streams interleave.
    let sent = '';
    const listener: Listener = (event) => {
      const text = JSON.stringify(event);
      if (text !== sent) send(event);
      sent = text;
    };
    set.add(listener);
    const known = this.known.get(storeId);
    if (known) listener(JSON.parse(known) as NewOrdersEvent);
    else void this.read(storeId, listener);
    this.timer ??= setInterval(() => void this.readAll(), this.everyMs);
    return () => {
      set.delete(listener);
      if (set.size) return;
      this.listeners.delete(storeId);
      this.known.delete(storeId);
      if (!this.listeners.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** Open streams, all shops together. */
  get streams(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.listeners.clear();
    this.known.clear();
  }

  /** One round: each shop with open streams read once. */
  async readAll() {
    if (this.reading) return; // a slow database: skip a round rather than pile them up
    this.reading = true;
    try {
      for (const storeId of [...this.listeners.keys()]) await this.read(storeId);
    } finally {
      this.reading = false;
    }
  }

  /** Reads the shop's figures; tells its streams when they changed, and `newcomer` (a stream that has none yet) in any case. */
  private async read(storeId: number, newcomer?: Listener) {
    try {
      this.reads++;
      const event = await readNewOrders(this.db, storeId);
      const text = JSON.stringify(event);
      const set = this.listeners.get(storeId);
      if (!set) return;
      if (newcomer && set.has(newcomer)) newcomer(event);
      if (this.known.get(storeId) === text) return;
      this.known.set(storeId, text);
      for (const listener of set) if (listener !== newcomer) listener(event);
    } catch (err) {
      this.warn('live orders: reading the new-order count failed', err);
    }
  }
}
