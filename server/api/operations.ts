import type { ApiContext, Handler } from './context';

/**
 * An `api=` name that does several things (api=offers: read, search, save, delete…) is a table of
 * operations, each with its access level declared here, in one place, instead of flags sniffed inside one
 * handler. The first operation whose `when` holds runs; the table enforces `owner` before it runs.
 *  - public: anyone, signed in or not (an owner may see more, e.g. hidden products);
 *  - customer: a shopper identified by the session or the device id (the operation reads which);
 *  - owner: the shop's owner only (403 / token error otherwise).
 */
export type Access = 'public' | 'customer' | 'owner';

export interface Operation {
  /** A name for docs, logs and tests. */
  name: string;
  access: Access;
  /** Whether the request asks for this operation (the last one of a table may omit it: the default). */
  when?: (ctx: ApiContext) => boolean;
  run: (ctx: ApiContext) => Promise<Record<string, unknown>>;
  /** A public catalogue read whose answer may be cached per catalogue version (see Handler.cacheable). */
  cache?: (ctx: ApiContext) => boolean;
}

export type OperationTable = Handler & { readonly operations: readonly Operation[] };

export function operationTable(operations: readonly Operation[]): OperationTable {
  const pick = (ctx: ApiContext) => {
    const op = operations.find((o) => !o.when || o.when(ctx));
    if (!op) throw new Error('operation table without a default');
    return op;
  };
  const handler: Handler = async (ctx) => {
    const op = pick(ctx);
    if (op.access === 'owner') await ctx.requireOwner();
    return op.run(ctx);
  };
  const cacheable = (ctx: ApiContext) => {
    const op = pick(ctx);
    return op.access === 'public' && op.cache !== undefined && op.cache(ctx);
  };
  return Object.assign(handler, { operations, cacheable });
}
