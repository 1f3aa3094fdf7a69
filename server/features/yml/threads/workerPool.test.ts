import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from './workerPool';

const HELD = new URL('./testing/heldWorker.mjs', import.meta.url).href;
let pool: WorkerPool;
afterEach(() => pool.setEntry(null));

/** A task the worker ends after `ms`. */
async function task(p: WorkerPool, ms: number): Promise<{ result: Promise<string> }> {
  const running = await p.run<string, unknown>({ ms }, 'held worker', (m, t) => {
    if (m !== 'done') return;
    t.end(true);
    t.resolve('done');
  });
  return running!;
}

describe('the import threads’ pool', () => {
  it('warms one worker ahead of need, and none beside one at work (the import page asks every second during an import)', async () => {
    pool = new WorkerPool(HELD);
    pool.warm();
    await expect.poll(() => pool.idleCount, { timeout: 30_000 }).toBe(1);
    // The warmed worker takes the task; asked to warm meanwhile, the pool starts no second one.
    const { result } = await task(pool, 1500);
    expect([pool.idleCount, pool.busyCount]).toEqual([0, 1]);
    pool.warm();
    await new Promise((r) => setTimeout(r, 500));
    expect([pool.idleCount, pool.busyCount]).toEqual([0, 1]);
    // Done: the same worker waits for the next task, and a warm start is still not needed.
    expect(await result).toBe('done');
    expect([pool.idleCount, pool.busyCount]).toEqual([1, 0]);
    pool.warm();
    await new Promise((r) => setTimeout(r, 300));
    expect(pool.idleCount).toBe(1);
  }, 60_000);
});
