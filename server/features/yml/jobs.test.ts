import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { workerGone } from './jobs';

describe('workerGone: whether a running job lost its process', () => {
  const self = `${os.hostname()}:${process.pid}:abcd`;
  it('keeps this process\'s own jobs and those of live processes on this machine', () => {
    expect(workerGone(self, self)).toBe(false);
    expect(workerGone(`${os.hostname()}:${process.ppid}:ffff`, self)).toBe(false);
  });
  it('gives up an earlier boot of this process and a pid that is gone', () => {
    expect(workerGone(`${os.hostname()}:${process.pid}:0000`, self)).toBe(true);
    expect(workerGone(`${os.hostname()}:2147483646:0000`, self)).toBe(true);
    expect(workerGone(null, self)).toBe(true);
  });
  it('leaves other machines\' jobs to their heartbeat', () => {
    expect(workerGone('another-host:1:0000', self)).toBe(false);
  });
});
