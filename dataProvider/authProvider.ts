import type { AuthProvider } from 'ra-core';
import { ApiError, NetworkError, type ApiClient } from './apiClient';
import type { AuthStorage } from './authStorage';
import { sentCodeLength } from '../schemas/rules/signIn';

/**
 * react-admin's AuthProvider over the `api=` sign-in: a phone gets a one-time code (api=sms_code), the
 * code opens a session (api=login) kept in the browser; api=token_check confirms it; only the store's
 * owner may use the admin. Rejections carry translation keys as messages.
 */
export interface AdminAuthProvider extends AuthProvider {
  /** Step one of the sign-in: sends the code to the phone (E.164 or digits). */
  /** Sends the code; resolves to its number of digits (an owner's 6, a customer's 4). */
  requestCode(phone: string): Promise<number>;
  /**
   * The server said the session is gone (a `"token": "error"` on any call): the next checkAuth forgets it.
   * (Clearing the storage right here made react-admin's own checks go to the login page before any of
   * them could say why.)
   */
  sessionExpired(): void;
  /**
   * True once after a session was found dead: the login page says 'Сессия истекла, войдите снова'.
   * react-admin's notifications could not carry it: its checkError path notifies only while checkAuth
   * still passes, and a logout racing the checkAuth lost the message.
   */
  takeExpiryNotice(): boolean;
}

export interface AuthProviderOptions {
  api: ApiClient;
  storage: AuthStorage;
  /**
   * How long a passed token check is trusted before asking the server again (ms). Default 0: every page
   * change asks (one small call; checks running at the same time share it), so a session revoked elsewhere
   * signs the panel out at the next step even where a list call would not tell.
   */
  checkTtlMs?: number;
  now?: () => number;
}

export const FORBIDDEN_MESSAGE = 'admin.auth.forbidden';
export const TOKEN_ERROR_MESSAGE = 'errors.token_error';

interface TokenCheck {
  token: 'ok' | 'error';
  user_id?: string;
  is_owner?: '1' | '0';
}

interface LoginAnswer {
  user_id: string;
  token_seq: string;
  token: string;
  is_owner?: '1' | '0';
}

/** An ApiError as an Error whose message is its translation key (`errors.invalid_code`). */
const keyed = (e: unknown): Error => (e instanceof ApiError ? new Error(`errors.${e.code}`) : e instanceof NetworkError ? new Error('errors.no_connection') : (e as Error));

export const isTokenFailure = (error: unknown): boolean => {
  const e = error as { status?: number; body?: { token?: string; error?: { code?: string } }; code?: string; message?: string } | null;
  if (!e) return false;
  return e.status === 401 || e.body?.token === 'error' || e.body?.error?.code === 'token_error' || e.code === 'token_error' || e.message === TOKEN_ERROR_MESSAGE;
};

export function createAuthProvider({ api, storage, checkTtlMs = 0, now = Date.now }: AuthProviderOptions): AdminAuthProvider {
  let checkedAt = 0;
  let checkedToken: string | null = null;
  let inFlight: { token: string; check: Promise<TokenCheck> } | null = null;
  let expired = false;
  let expiryNotice = false;

  const forget = () => {
    storage.clear();
    expired = false;
    checkedAt = 0;
    checkedToken = null;
  };
  /** The stored session is dead: forget it, tell the login page, and send react-admin there quietly. */
  const expire = () => {
    if (storage.get()) expiryNotice = true;
    forget();
    return { message: false as const };
  };

  return {
    sessionExpired() {
      if (storage.get()) expired = true;
    },

    takeExpiryNotice() {
      const notice = expiryNotice;
      expiryNotice = false;
      return notice;
    },

    async requestCode(phone: string) {
      try {
        return sentCodeLength(await api.call('sms_code', { phone }, { auth: false, retries: 1, retryDelay: 1500 }));
      } catch (e) {
        throw keyed(e);
      }
    },

    async login({ phone, code }: { phone: string; code: string }) {
      let answer: LoginAnswer;
      try {
        answer = await api.call<LoginAnswer>('login', { phone, code: String(code).trim() }, { auth: false, retries: 1, retryDelay: 1500 });
      } catch (e) {
        throw keyed(e);
      }
      const auth = { user_id: String(answer.user_id), token_seq: String(answer.token_seq), token: String(answer.token) };
      if (answer.is_owner !== '1') {
        // Not this shop's owner: the fresh session is of no use here, so it is closed again.
        await api.call('logout', { ...auth }, { auth: false }).catch(() => undefined);
        throw new Error(FORBIDDEN_MESSAGE);
      }
      storage.set(auth);
      expired = false;
      expiryNotice = false;
      checkedAt = now();
      checkedToken = auth.token;
    },

    async checkAuth() {
      const auth = storage.get();
      if (!auth) throw { message: false };
      if (expired) throw expire();
      if (checkedToken === auth.token && now() - checkedAt < checkTtlMs) return;
      let answer: TokenCheck;
      try {
        if (!inFlight || inFlight.token !== auth.token) {
          const check = api.call<TokenCheck>('token_check', {});
          inFlight = { token: auth.token, check };
          void check.then(
            () => inFlight?.check === check && (inFlight = null),
            () => inFlight?.check === check && (inFlight = null),
          );
        }
        answer = await inFlight.check;
      } catch (e) {
        // The server is out of reach: keep the session, the next call will tell.
        if (e instanceof NetworkError) return;
        if (e instanceof ApiError && e.isTokenError) throw expire();
        throw { message: `errors.${e instanceof ApiError ? e.code : 'server_error'}` };
      }
      if (answer.token !== 'ok') throw expire();
      if (answer.is_owner !== '1') throw { message: FORBIDDEN_MESSAGE };
      checkedAt = now();
      checkedToken = auth.token;
    },

    async checkError(error: unknown) {
      if (isTokenFailure(error)) throw expire();
      if ((error as { status?: number })?.status === 403) throw { message: FORBIDDEN_MESSAGE };
    },

    async logout() {
      const auth = storage.get();
      forget();
      if (auth) await api.call('logout', { ...auth }, { auth: false }).catch(() => undefined);
    },

    async getIdentity() {
      const auth = storage.get();
      if (!auth) throw new Error(TOKEN_ERROR_MESSAGE);
      return { id: auth.user_id };
    },

    async getPermissions() {
      return storage.get() ? 'owner' : null;
    },
  };
}
