import { describe, expect, it } from 'vitest';
import { Mutex } from './sqliteDriver';

describe('the SQLite connection mutex', () => {
  it('serves waiters in the order they asked, a late caller after an unlock included', async () => {
    const m = new Mutex();
    const order: string[] = [];
    await m.lock();
    const waiting = ['a', 'b', 'c'].map((name) => m.lock().then(() => order.push(name)));
    m.unlock();
    // Asks right after the unlock, before the first waiter has run: it queues behind b and c.
    const late = m.lock().then(() => order.push('late'));
    await Promise.resolve();
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setImmediate(r));
      m.unlock();
    }
    await Promise.all([...waiting, late]);
    expect(order).toEqual(['a', 'b', 'c', 'late']);
  });

  it('is free again once every holder unlocked, and keeps order over thousands of waiters', async () => {
    const m = new Mutex();
    const order: number[] = [];
    const all = Array.from({ length: 3000 }, (_, i) =>
      m.lock().then(async () => {
        order.push(i);
        await Promise.resolve();
        m.unlock();
      }),
    );
    await Promise.all(all);
    expect(order).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    let got = false;
    void m.lock().then(() => (got = true));
    await Promise.resolve();
    expect(got).toBe(true);
  });
});
