import { toApiObject, storeSchema, toRow, RICH_TEXT_PAGES, type RichTextPage } from '../../../schemas';
import type { Executor, Store } from '../../db/types';
import { now } from '../../db/database';
import { sanitizeRichText } from '../../lib/sanitize';
import { conflict } from '../../errors';
import { storeValues } from '../../api/tenant';

/**
 * The store as api=stores answers it (secrets only for its owner). `online_payment` ('1'/'0') is a derived
 * field of the registry (schemas/store.ts, `derived`: never stored, never taken from a client): whether
 * card payment on the site works now, i.e. pay_online is on and the acquirer is set up (the server's
 * ACQUIRING_URL and the shop's login and password); the caller knows the latter (payments.acquirerFor).
 */
export function storeToApi(store: Store, opts: { owner: boolean; acquirerReady: boolean }) {
  const values = storeValues(store);
  values.online_payment = opts.acquirerReady && (values.pay_online === true || values.pay_online === 1 || values.pay_online === '1');
  return { ...toApiObject(storeSchema, values, { includeSecrets: opts.owner }), userId: store.user_id };
}

/** Saves validated settings; rich-text pages are sanitised here, on the way in. */
export async function saveStore(db: Executor, store: Store, values: Record<string, unknown>) {
  for (const page of RICH_TEXT_PAGES as readonly RichTextPage[]) {
    if (typeof values[page] === 'string') values[page] = sanitizeRichText(values[page] as string);
  }
  const { columns, data } = toRow(storeSchema, values);
  if (typeof columns.domain === 'string') {
    columns.domain = columns.domain.toLowerCase();
    const taken = await db.selectFrom('stores').select('id').where('domain', '=', columns.domain as string).where('id', '<>', store.id).executeTakeFirst();
    if (taken) throw conflict('This domain belongs to another shop');
  }
  const merged = { ...JSON.parse(store.data || '{}'), ...data };
  await db
    .updateTable('stores')
    .set({ ...(columns as object), data: JSON.stringify(merged) })
    .where('id', '=', store.id)
    .execute();
}

export async function createStore(db: Executor, values: { name: string; domain?: string | null; data?: Record<string, unknown> }) {
  const row = await db
    .insertInto('stores')
    .values({ name: values.name, domain: values.domain ?? null, active: 1, deleted: 0, data: JSON.stringify(values.data ?? {}), created_at: now(), user_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
