import { afterEach, beforeEach, vi } from 'vitest';
import type { Params } from '../../dataProvider/apiClient';
import { memoryStorage } from './memoryStorage';

/** One answer of the fake api client: a value, an Error it throws, or a function of the call's params. */
export type FakeReply = unknown | Error | ((params: Params) => unknown);

/**
 * The saga tests' only double: an api client answering by api name, in order (the last answer repeats;
 * a name without answers gets `missing`). Each call is recorded with the session token that was in
 * localStorage at the time, as the real client sends it.
 */
export function fakeApi(replies: Record<string, FakeReply[]>, missing?: FakeReply) {
  const calls: { api: string; params: Params; auth: string | null }[] = [];
  const call = vi.fn(async (name: string, params: Params = {}) => {
    calls.push({ api: name, params, auth: typeof localStorage === 'undefined' ? null : localStorage.getItem('token') });
    const list = replies[name] ?? [missing];
    const r = list.length > 1 ? list.shift() : list[0];
    if (r instanceof Error) throw r;
    return (typeof r === 'function' ? (r as (p: Params) => unknown)(params) : r) as never;
  });
  return { api: { call }, calls };
}

/** For each test of the block: fake timers and an empty localStorage, both undone after it. */
export function withFakeTimersAndStorage() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}
