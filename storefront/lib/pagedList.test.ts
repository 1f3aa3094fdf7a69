import { runSaga } from 'redux-saga';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../dataProvider/apiClient';
import { networkFailed, networkRestored } from './events';
import type { Params } from '../../dataProvider/apiClient';
import { applyPage, callWithRetry, forgetCursors, listErrorOf, newList, offersOf, type RetryTiming } from './pagedList';

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

describe('pagedList: keyset pages', () => {
  /** Calls in a row against one fake client: each answer in turn; returns the params each call sent. */
  async function pages(requests: Params[], answers: (unknown | Error)[]) {
    forgetCursors();
    const sent: Params[] = [];
    const call = vi.fn(async (_api: string, params: Params) => {
      sent.push(params);
      const a = answers.shift();
      if (a instanceof Error) throw a;
      return a;
    });
    const results: unknown[] = [];
    for (const params of requests) {
      const task = runSaga({ dispatch: () => {}, getState: () => ({}), context: { api: { call } }, onError: () => {} }, callWithRetry, 'offers', params, { retries: 1, delayMs: 1 });
      results.push(await task.toPromise().catch((e: unknown) => e));
    }
    return { sent, results };
  }
  const list = (offset: number, more: Params = {}): Params => ({ 'p[287_categoryId]': '7', sort: 'increase', offset, ...more });

  it("sends a page's next cursor as after for the page right after it, of the same list only", async () => {
    const { sent } = await pages(
      [list(1), list(2), list(3), list(2, { sort: 'descend' }), list(1), list(3)],
      [{ offers: [], next: 'c1' }, { offers: [], next: 'c2' }, { offers: [] }, { offers: [] }, { offers: [], next: 'c1b' }, { offers: [] }],
    );
    expect(sent.map((p) => p.after)).toEqual([undefined, 'c1', 'c2', undefined, undefined, undefined]);
    // The page number goes along.
    expect(sent[1]).toMatchObject({ offset: 2, after: 'c1', sort: 'increase' });
  });

  it('keeps a search cursor too, and a page without next ends the chain', async () => {
    const search = (offset: number): Params => ({ value: 'чайник', offset });
    const { sent } = await pages([search(1), search(2), search(3), search(4)], [{ offers: [], next: 's1' }, { offers: [] }, { offers: [] }, { offers: [] }]);
    expect(sent.map((p) => p.after)).toEqual([undefined, 's1', undefined, undefined]);
  });

  it('asks again by the page number alone when the server refuses the cursor, and retries a network failure with it', async () => {
    const refused = new ApiError(400, 'invalid_input', 'after must be the next cursor', ['after']);
    const { sent, results } = await pages([list(1), list(2)], [{ offers: [], next: 'old' }, refused, { offers: [{ id: '21' }] }]);
    expect(sent.map((p) => p.after)).toEqual([undefined, 'old', undefined]);
    expect(results[1]).toEqual({ offers: [{ id: '21' }] });

    const again = await pages([list(1), list(2)], [{ offers: [], next: 'n1' }, new NetworkError(), { offers: [] }]);
    expect(again.sent.map((p) => p.after)).toEqual([undefined, 'n1', 'n1']);
    // Another 400 is the list's error as before.
    const other = await pages([list(1), list(2)], [{ offers: [], next: 'n1' }, new ApiError(400, 'invalid_input', 'x', ['filter[5]'])]);
    expect(other.results[1]).toBeInstanceOf(ApiError);
    expect(other.sent.length).toBe(2);
  });
});
