import type { Executor } from '../db/types';

const DAY_MS = 24 * 3600_000;
const days = (raw: string | undefined, fallback: number) => (Number(raw) > 0 ? Number(raw) : fallback) * DAY_MS;

/**
 * How long a session lives (issue 34: they never expired). Idle: a session not used for SESSION_IDLE_DAYS
 * (30) is dead, so a phone left in a drawer or a token copied long ago opens nothing. Absolute: every
 * session ends SESSION_MAX_DAYS (90) after its sign-in however much it is used, so a stolen token
 * is bounded too. The apps then sign out with 'Сессия истекла, войдите снова' (the token check's
 * `"token": "error"`) and the customer signs in again with a code.
 */
export const SESSION_LIMITS = {
  idleMs: days(process.env.SESSION_IDLE_DAYS, 30),
  maxMs: days(process.env.SESSION_MAX_DAYS, 90),
};

/** `last_seen_at` is written at most this often per session (a write, not every request). */
const TOUCH_EVERY_MS = 3600_000;

export function sessionExpired(createdAt: string, lastSeenAt: string, now = Date.now()): boolean {
  return now - Date.parse(lastSeenAt) > SESSION_LIMITS.idleMs || now - Date.parse(createdAt) > SESSION_LIMITS.maxMs;
}

/**
 * Notes the session's use (for the idle limit), at most hourly. Not awaited: on SQLite a write may wait
 * for another connection's (an import's) lock, and the request it serves must not.
 */
export function touchSession(db: Executor, sessionId: number, lastSeenAt: string, now = Date.now()): void {
  if (now - Date.parse(lastSeenAt) < TOUCH_EVERY_MS) return;
  void db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(now).toISOString() })
    .where('id', '=', sessionId)
    .execute()
    .catch(() => undefined);
}
