import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { workerGone } from './jobs';

describe('workerGone: whether a running job lost its runner', () => {
  const self = `${os.hostname()}:${process.pid}:abcd`;
  const other = `${os.hostname()}:${process.pid}:ef01`;
  const live = new Set([self, other]);
  it('keeps the jobs of every runner alive in this process and those of live processes on this machine', () => {
    expect(workerGone(self, live)).toBe(false);
    // Another app's runner in the same process (several apps in one process, as the tests run them) is alive.
    expect(workerGone(other, live)).toBe(false);
    expect(workerGone(`${os.hostname()}:${process.ppid}:ffff`, live)).toBe(false);
  });
  it('gives up an earlier boot of this process, a stopped runner and a pid that is gone', () => {
    expect(workerGone(`${os.hostname()}:${process.pid}:0000`, live)).toBe(true);
    expect(workerGone(other, new Set([self]))).toBe(true);
    expect(workerGone(`${os.hostname()}:2147483646:0000`, live)).toBe(true);
    expect(workerGone(null, live)).toBe(true);
  });
  it('leaves other machines\' jobs to their heartbeat', () => {
    expect(workerGone('another-host:1:0000', live)).toBe(false);
  });
});
