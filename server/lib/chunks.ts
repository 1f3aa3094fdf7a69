/**
 * A list in parts of `size`: what one statement's `in (...)` list or multi-row insert takes (SQLite's bound
 * parameters are limited, and PostgreSQL plans a long list no better).
 */
export const chunks = <T>(list: readonly T[], size = 500): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};
