import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Db, Store } from '../db/types';
import { forbidden, tokenError } from '../errors';
import { checkToken, credentialsOf, type SessionUser } from './session';
import { type StoreResolver, shopLang } from './tenant';
import type { ApiInput } from './input';
import type { ResponseCache } from './responseCache';
import { isLang, type Lang } from '../../i18n';

/**
 * What every request can reach. A feature adds its own service to this interface where it defines it
 * (declaration merging, as Fastify's decorators do: `declare module '../../api/context'`), so this layer
 * names no feature: images (the uploads store), sms (auth), jobs (yml).
 */
export interface AppServices {
  config: Config;
  database: Database;
  db: Db;
  stores: StoreResolver;
  /** Whole answers of public catalogue reads per catalogue version (RESPONSE_CACHE_MB; absent when 0). */
  responseCache?: ResponseCache;
}

export const LANGS = ['ru', 'en', 'zh', 'es', 'fr', 'ar', 'pt', 'de'] as const;

/** One `api=` call: the store it is for, its parsed input, and who asks (checked lazily, once). */
export class ApiContext {
  /** Credentials were sent but do not name a live session: the response carries `"token": "error"`. */
  badToken = false;
  /**
   * The answer is not this catalogue version's final one (a part of it is still being read, as a large
   * category's filters after a product write): the answer cache does not keep it.
   */
  provisional = false;
  private userPromise?: Promise<SessionUser | null>;

  constructor(
    readonly services: AppServices,
    readonly store: Store,
    readonly input: ApiInput,
    readonly request: FastifyRequest,
  ) {}

  get db(): Db {
    return this.services.db;
  }
  get dialect() {
    return this.services.database.dialect;
  }
  /** The language the request names (`lang`), when it is one of ours. */
  get requestLang(): Lang | null {
    const l = this.input.raw.lang;
    return isLang(l) ? l : null;
  }
  /** The customer's language: the request's `lang` when the client sent one, else the shop's (shopLang). */
  get customerLang(): Lang {
    return this.requestLang ?? shopLang(this.store);
  }
  get lang(): string {
    const l = this.input.raw.lang;
    return (LANGS as readonly string[]).includes(l) ? l : 'ru';
  }

  user(): Promise<SessionUser | null> {
    this.userPromise ??= (async () => {
      const cred = credentialsOf(this.request, this.input.raw);
      if (!cred) return null;
      const user = await checkToken(this.db, this.store, cred);
      if (!user) this.badToken = true;
      return user;
    })();
    return this.userPromise;
  }

  async requireUser(): Promise<SessionUser> {
    const user = await this.user();
    if (!user) throw tokenError();
    return user;
  }

  /** Writes to store data: only the store's owner. */
  async requireOwner(): Promise<SessionUser> {
    const user = await this.requireUser();
    if (!user.isOwner) throw forbidden();
    return user;
  }

  async isOwner(): Promise<boolean> {
    return (await this.user())?.isOwner ?? false;
  }
}

/**
 * An `api=` handler. `cacheable`: whether this call's answer is a public catalogue read, the same for every
 * caller who is not the owner and a function of the store's catalogue and the call's fields only, so it
 * may come from the answer cache (api/responseCache.ts) while the catalogue version stays.
 */
export type Handler = ((ctx: ApiContext) => Promise<Record<string, unknown>>) & { cacheable?: (ctx: ApiContext) => boolean };
