/**
 * An error as a message carries it out of an import thread (workerPool.ts `revive` makes it again). Read by
 * its fields, not its class: the parser's worker sends with it and need not load the server's errors (their
 * eight languages' messages) or the feed fetcher for an instanceof.
 */
export interface SentError {
  name: string;
  message: string;
  stack?: string;
  /** An ApiError's. */
  status?: number;
  /** An ApiError's or a FeedUrlError's. */
  code?: string;
  /** An ApiError's text params. */
  params?: Record<string, string | number>;
  /** A YmlError's place in the feed. */
  line?: number;
  column?: number;
}

export function sendable(e: unknown): SentError {
  const err = e instanceof Error ? e : new Error(String(e));
  const { status, code, params, line, column } = err as Error & Partial<SentError>;
  const sent: SentError = { name: err.name, message: err.message, stack: err.stack };
  if (typeof status === 'number' && typeof code === 'string') Object.assign(sent, { status, code }, params ? { params } : {});
  else if (err.name === 'FeedUrlError') sent.code = code;
  else if (err.name === 'YmlError') Object.assign(sent, { line, column });
  return sent;
}
