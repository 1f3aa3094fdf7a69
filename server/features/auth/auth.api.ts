import { badRequest } from '../../errors';
import { login as loginService, logout as logoutService, requestCode } from './auth';
import type { Handler } from '../../api/context';

const phoneOf = (raw: Record<string, string>) => raw.phone ?? raw.phoneNumber ?? '';

/** api=sms_code: sends a sign-in code to `phone` through the SMS adapter (4 digits, the owner's 6: `code_length`). */
export const smsCode: Handler = async (ctx) => {
  const phone = phoneOf(ctx.input.raw);
  if (!phone.trim()) throw badRequest('required_fields_error', undefined, ['phone']);
  const sent = await requestCode(ctx.db, ctx.store, phone, ctx.services.sms, ctx.customerLang);
  return { sms_code: 'sent', code_length: String(sent.codeLength) };
};

/** api=login: `phone` and `code` → `{user_id, token_seq, token}`. */
export const login: Handler = async (ctx) => {
  const { raw } = ctx.input;
  const phone = phoneOf(raw);
  if (!phone.trim() || !raw.code?.trim()) throw badRequest('required_fields_error', undefined, [!phone.trim() ? 'phone' : 'code']);
  const session = await loginService(ctx.db, ctx.store, phone, raw.code);
  const owner = ctx.store.user_id === Number(session.user_id);
  return { ...session, is_owner: owner ? '1' : '0' };
};

/** api=logout: revokes the session of the token sent. */
export const logout: Handler = async (ctx) => {
  const user = await ctx.requireUser();
  await logoutService(ctx.db, user);
  return { logout: 'ok' };
};

/** api=token_check: whether the auth form names a live session (the seed checks the token at start). */
export const tokenCheck: Handler = async (ctx) => {
  const user = await ctx.user();
  return user ? { token: 'ok', user_id: String(user.id), is_owner: user.isOwner ? '1' : '0' } : { token: 'error' };
};
