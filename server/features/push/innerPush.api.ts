import { badRequest } from '../../errors';
import { latestSeq, notificationsAfter } from '../notifications/public';
import type { Handler } from '../../api/context';
import { customerOf } from '../orders/public';
import { HighWater } from '../../db/highWater';

/** The newest seq this process has read of each shop. */
const seen = new HighWater();

/**
 * api=inner_push (polled every second): notifications after `seq` for the signed-in user (the owner: new
 * orders and payments; a customer: status changes) or the device → `{seq, inner_push, srv_error}`; seqs are
 * the shop's own numbers (1, 2, 3...), so they tell nothing of other shops. Without a
 * seq the client starts at the newest one (no backlog of old toasts). A bad token is a 401 with "token": "error".
 */
export const innerPush: Handler = async (ctx) => {
  const who = await customerOf(ctx, { strict: true });
  const raw = (ctx.input.raw.seq ?? '').trim();
  if (raw !== '' && !/^\d{1,12}$/.test(raw)) throw badRequest('invalid_input', undefined, ['seq']);
  const recipient = { userId: who.user?.id ?? null, deviceId: who.deviceId };
  if (raw === '') {
    const latest = await latestSeq(ctx.db, ctx.store.id);
    seen.see(ctx.db, ctx.store.id, latest);
    return { seq: String(latest), inner_push: [], srv_error: '' };
  }
  const seq = Number(raw);
  const items = await notificationsAfter(ctx.db, ctx.store.id, recipient, seq);
  if (items.length) {
    seen.see(ctx.db, ctx.store.id, items[items.length - 1].seq);
    return { seq: String(items[items.length - 1].seq), inner_push: items, srv_error: '' };
  }
  // A seq past the shop's newest (a client holding a platform-wide id from before the shop's own numbers) starts
  // over at it. A seq at or below a newest this process has seen is valid (seqs only grow): no read for it.
  if (seq <= seen.get(ctx.db, ctx.store.id)) return { seq: String(seq), inner_push: [], srv_error: '' };
  const latest = await latestSeq(ctx.db, ctx.store.id);
  seen.see(ctx.db, ctx.store.id, latest);
  return { seq: String(Math.min(seq, latest)), inner_push: [], srv_error: '' };
};
