import { ApiError, badRequest } from '../../errors';
import { savePushToken } from '../notifications/public';
import type { Handler } from '../../api/context';
import { customerOf } from '../orders/public';

/**
 * api=push: a native app's push token (`push_token`, `device` such as 'mob') for the signed-in user (the
 * seed sends the auth form, the auth token as `token`) or the device (`device_id`). A token belongs to the
 * user or device that registered it first (notifications.ts savePushToken).
 */
export const push: Handler = async (ctx) => {
  const { raw } = ctx.input;
  const who = await customerOf(ctx, { strict: true });
  const pushToken = (raw.push_token ?? '').trim();
  if (!pushToken) throw badRequest('required_fields_error', undefined, ['push_token']);
  if (pushToken.length > 4096) throw badRequest('invalid_input', undefined, ['push_token']);
  if (!who.user && !who.deviceId) throw badRequest('required_fields_error', undefined, ['device_id']);
  const device = (raw.device ?? '').trim().slice(0, 40) || null;
  // A token registered by another user or device stays theirs (issue 34): 409, nothing changes.
  if (!(await savePushToken(ctx.db, ctx.store.id, { pushToken, device, userId: who.user?.id ?? null, deviceId: who.deviceId }))) throw new ApiError(409, 'push_token_taken');
  return { push: 'ok' };
};
