import { runSaga } from 'redux-saga';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../dataProvider/apiClient';
import { networkFailed, networkRestored } from './events';
import { applyPage, callWithRetry, listErrorOf, newList, offersOf, type RetryTiming } from './pagedList';

/** The paged lists' shared rules: the offers array check, how pages land, which panel a failure shows, the retries. */
const card = (id: string) => ({ id, name: `Товар ${id}` });

/** Runs callWithRetry against a fake client; resolves with the answer (or the error) and the actions put. */
async function run(answers: (unknown | Error)[], timing: RetryTiming) {
  const actions: { type: string }[] = [];
  const call = vi.fn(async () => {
    const a = answers.shift();
    if (a instanceof Error) throw a;
    return a;
  });
  const task = runSaga({ dispatch: (a: { type: string }) => actions.push(a), getState: () => ({}), context: { api: { call } }, onError: () => {} }, callWithRetry, 'offers', { offset: 1 }, timing);
  const result: { value?: unknown; error?: unknown } = await task.toPromise().then(
    (value) => ({ value }),
    (error) => ({ error }),
  );
  return { ...result, calls: call.mock.calls.length, actions: actions.map((a) => a.type) };
}

describe('pagedList: the offers array', () => {
  it("an answer without an offers array is the error 'offers is not array!' (a server error)", () => {
    for (const res of [{}, { offers: null }, { offers: 'x' }, { offers: { 0: card('1') } }, null]) {
      let error: unknown;
      try {
        offersOf(res as never);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe('offers is not array!');
      // The list shows the server-error panel for it, not the no-connection one.
      expect(listErrorOf(error)).toBe('server_error');
    }
    expect(offersOf({ offers: [card('1')] })).toEqual([card('1')]);
    expect(offersOf({ offers: [] })).toEqual([]);
  });
});

describe('pagedList: pages', () => {
  it('page 1 replaces, later pages append without repeats, an empty later page is the end, an empty first page the empty list', () => {
    const list = newList<ReturnType<typeof card>>('1-11');
    applyPage(list, 1, [card('1'), card('2')]);
    expect(list).toMatchObject({ offset: 1, end: false, empty: false, status: 'idle' });
    applyPage(list, 2, [card('2'), card('3')]);
    expect(list.items.map((i) => i.id)).toEqual(['1', '2', '3']);
    expect(list.offset).toBe(2);
    applyPage(list, 3, []);
    expect(list).toMatchObject({ offset: 2, end: true, empty: false });
    applyPage(list, 1, []);
    expect(list).toMatchObject({ items: [], offset: 1, end: true, empty: true });
  });

  it('a failure shows no connection (network), server error (5xx or anything unknown) or an error (4xx)', () => {
    expect(listErrorOf(new NetworkError())).toBe('no_connection');
    expect(listErrorOf(new ApiError(500, 'server_error', 'HTTP 500'))).toBe('server_error');
    expect(listErrorOf(new ApiError(502, 'geocoder_error', 'x'))).toBe('server_error');
    expect(listErrorOf(new ApiError(404, 'not_found', 'x'))).toBe('error');
    expect(listErrorOf(new TypeError('x'))).toBe('server_error');
  });
});

describe('pagedList: callWithRetry', () => {
  it("retries a network failure (raising 'offline'), and the next answer clears it", async () => {
    const r = await run([new NetworkError(), new NetworkError(), { offers: [] }], { retries: 5, delayMs: 1 });
    expect(r).toMatchObject({ value: { offers: [] }, calls: 3 });
    expect(r.actions).toEqual([networkFailed.type, networkFailed.type, networkRestored.type]);
  });

  it('gives up after the retries with the network error; an error answer is not retried', async () => {
    const down = await run([new NetworkError(), new NetworkError(), new NetworkError(), { offers: [] }], { retries: 2, delayMs: 1 });
    expect(down.error).toBeInstanceOf(NetworkError);
    expect(down.calls).toBe(3);

    const refused = await run([new ApiError(500, 'server_error', 'HTTP 500'), { offers: [] }], { retries: 5, delayMs: 1 });
    expect(refused.error).toBeInstanceOf(ApiError);
    expect(refused.calls).toBe(1);
    // The server answered: the network is back.
    expect(refused.actions).toEqual([networkRestored.type]);
  });
});
