/**
 * Kysely's SQLite driver (one connection behind a mutex), except in how a write waits for another writer.
 * SQLite lets one connection write at a time: a YML import's writer thread holds the lock for its whole
 * transaction (about a minute at a million offers), another WORKERS process for its own. better-sqlite3 is
 * synchronous, so with a busy timeout every order, sign-in or owner save meanwhile stopped the process's
 * event loop (every shop's requests) for 5 s and then failed. Here the connection never waits inside SQLite
 * (busy_timeout 0): a transaction begins IMMEDIATE (takes the write lock first, so nothing in it can find
 * the lock taken later, when a retry would need the whole transaction again), and a begin or a single
 * statement that finds the database locked lets the connection go, sleeps, and tries again, up to
 * `maxWaitMs`. Reads go on meanwhile (WAL: they never wait for a writer).
 */
import type SQLite from 'better-sqlite3';
import { CompiledQuery, SelectQueryNode, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

/** What better-sqlite3 needs of a connection: its statements (cached: database.ts) and its state. */
export interface SqliteHandle {
  prepare(sql: string): SQLite.Statement;
  readonly inTransaction: boolean;
  close(): void;
}

const isBusy = (e: unknown) => (e as { code?: string } | null)?.code === 'SQLITE_BUSY';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class BusyWaitingSqliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: DatabaseConnection;

  constructor(
    private readonly db: SqliteHandle,
    private readonly maxWaitMs: number,
  ) {
    this.connection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
        // Inside a transaction the lock is this connection's already (begin immediate).
        this.db.inTransaction ? run<R>(this.db, query) : this.whenFree(() => run<R>(this.db, query)),
      streamQuery: <R>(query: CompiledQuery) => stream<R>(this.db, query),
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.mutex.lock();
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    await this.whenFree(() => this.db.prepare('begin immediate').run());
  }

  async commitTransaction(): Promise<void> {
    this.db.prepare('commit').run();
  }

  async rollbackTransaction(): Promise<void> {
    this.db.prepare('rollback').run();
  }

  async releaseConnection(): Promise<void> {
    this.mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.db.close();
  }

  /**
   * Runs `step` (the caller holds the mutex) until it does not find the database locked: between tries the
   * mutex is let go (others may read, or queue their own writes) and taken again. After maxWaitMs the
   * SQLITE_BUSY error is the caller's.
   */
  private async whenFree<T>(step: () => T): Promise<T> {
    // The first try needs no clock: nearly every statement finds the database free.
    let deadline = 0;
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      try {
        return step();
      } catch (e) {
        if (!isBusy(e)) throw e;
        deadline ||= Date.now() + this.maxWaitMs;
        if (Date.now() + pause > deadline) throw e;
      }
      this.mutex.unlock();
      await sleep(pause);
      await this.mutex.lock();
    }
  }
}

function run<R>(db: SqliteHandle, { sql, parameters }: CompiledQuery): QueryResult<R> {
  const stmt = db.prepare(sql);
  if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

async function* stream<R>(db: SqliteHandle, query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
  if (!SelectQueryNode.is(query.query)) throw new Error('Sqlite driver only supports streaming of select queries');
  for (const row of db.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
}

/**
 * One holder of the connection at a time, the others served in the order they asked. Kysely's own mutex wakes
 * every waiter at each unlock (all await one promise, one wins, the rest wait again): with hundreds of requests
 * queued on the one connection that is hundreds of wake-ups per query on the server's thread, and a request
 * that asks at the right moment passes those waiting. Here an unlock hands the connection to the first waiter.
 */
export class Mutex {
  private locked = false;
  private readonly waiters: (() => void)[] = [];
  private head = 0;

  lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  unlock(): void {
    if (this.head < this.waiters.length) {
      const next = this.waiters[this.head];
      this.waiters[this.head++] = undefined as never;
      // Drop the served part now and then (shift() on every unlock would copy the queue each time).
      if (this.head > 1024 && this.head * 2 > this.waiters.length) {
        this.waiters.splice(0, this.head);
        this.head = 0;
      }
      next();
    } else {
      this.waiters.length = 0;
      this.head = 0;
      this.locked = false;
    }
  }
}
