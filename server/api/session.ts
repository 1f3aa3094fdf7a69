import type { FastifyRequest } from 'fastify';
import type { Executor, Store } from '../db/types';
import { sha256 } from '../lib/hash';

/** Who asks: the session a token names (signing in is features/auth). */
export interface SessionUser {
  id: number;
  storeId: number;
  phone: string;
  sessionId: number;
  isOwner: boolean;
}

/** Credentials of a call: the seed's auth form (user_id, token_seq, token) or `Authorization: Bearer <token>`. */
export function credentialsOf(request: FastifyRequest, raw: Record<string, string>): Credentials | null {
  const header = request.headers.authorization;
  const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  const token = raw.token || bearer;
  if (!token) return null;
  return { token, userId: raw.user_id || undefined, tokenSeq: raw.token_seq || undefined };
}

export interface Credentials {
  token: string;
  userId?: string;
  tokenSeq?: string;
}

/** The signed-in user of a token for this store, or null when the token is unknown, revoked or another store's. */
export async function checkToken(db: Executor, store: Store, cred: Credentials): Promise<SessionUser | null> {
  if (!cred.token || cred.token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'sessions.user_id as userId', 'sessions.store_id as storeId', 'sessions.revoked_at as revokedAt', 'users.phone as phone'])
    .where('sessions.token_hash', '=', sha256(cred.token))
    .executeTakeFirst();
  if (!row || row.revokedAt || row.storeId !== store.id) return null;
  if (cred.userId && cred.userId !== String(row.userId)) return null;
  if (cred.tokenSeq && cred.tokenSeq !== String(row.sessionId)) return null;
  return { id: row.userId, storeId: row.storeId, phone: row.phone, sessionId: row.sessionId, isOwner: store.user_id === row.userId };
}
