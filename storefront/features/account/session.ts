import { writeString } from '../../lib/storage';

/** The stored session's keys (the seed's), apart from accountApi so the notification poll, on every first screen, does not load the rest. */
export const AUTH_KEYS = ['user_id', 'token_seq', 'token', 'is_owner'] as const;

export function clearAuth(): void {
  for (const k of AUTH_KEYS) writeString(k, null);
}
