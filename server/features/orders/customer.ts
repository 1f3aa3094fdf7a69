import type { ApiContext } from '../../api/context';
import { tokenError } from '../../errors';
import { deviceIdOf, type Customer } from './orders';

/**
 * Who asks, for the customer's calls: the signed-in user (auth form or Bearer) and the `device_id` the
 * client keeps for anonymous orders. With `strict`, credentials that name no live session are a 401.
 */
export async function customerOf(ctx: ApiContext, opts: { strict: boolean }): Promise<Customer> {
  const user = await ctx.user();
  if (opts.strict && ctx.badToken) throw tokenError();
  return { user, deviceId: deviceIdOf(ctx.input.raw.device_id) };
}
