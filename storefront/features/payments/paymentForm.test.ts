import { runSaga } from 'redux-saga';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, type Params } from '../../../dataProvider/apiClient';
import { PAYMENT_FORM_RETRY_MS, PaymentFormMissing, PaymentRefused, requestPaymentForm } from './paymentForm';

/** api=sber answered from a queue; the saga run to its end with fake timers. */
function run(replies: unknown[]) {
  const calls: { at: number; params: Params }[] = [];
  const start = Date.now();
  const api = {
    call: vi.fn(async (name: string, params: Params) => {
      expect(name).toBe('sber');
      calls.push({ at: Date.now() - start, params });
      const r = replies.length > 1 ? replies.shift() : replies[0];
      if (r instanceof Error) throw r;
      return r;
    }),
  };
  let result: { value?: unknown; error?: unknown } = {};
  const task = runSaga({ context: { api }, dispatch: () => {}, getState: () => ({}), onError: () => {} }, requestPaymentForm, { orderId: '7', device_id: 'web-1' });
  const done = task.toPromise().then(
    (value) => (result = { value }),
    (error) => (result = { error }),
  );
  return { calls, done: async () => (await vi.runAllTimersAsync(), await done, result) };
}

describe('api=sber payment form', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    warn.mockRestore();
  });

  it('an empty answer is asked again 100 ms later, each logged, until the form comes', async () => {
    const { calls, done } = run([{}, { formUrl: null, errorMessage: null }, null, { formUrl: 'http://acq.test/pay?mdOrder=1' }]);
    expect((await done()).value).toBe('http://acq.test/pay?mdOrder=1');
    expect(calls.map((c) => c.at)).toEqual([0, 1, 2, 3].map((i) => i * PAYMENT_FORM_RETRY_MS));
    expect(calls[0].params).toEqual({ orderId: '7', device_id: 'web-1' });
    expect(warn).toHaveBeenCalledTimes(3);
    expect(String(warn.mock.calls[0][0])).toMatch(/api=sber: an empty answer \(try 1 of 10\)/);
  });

  it('ten empty answers: gives up after the 10th (the message only logged)', async () => {
    const { calls, done } = run([{}]);
    const r = await done();
    expect(r.error).toBeInstanceOf(PaymentFormMissing);
    expect(calls).toHaveLength(10);
    expect(calls[9].at).toBe(9 * PAYMENT_FORM_RETRY_MS);
    expect(warn).toHaveBeenCalledTimes(10);
  });

  it('a lost connection is tried again the same way; a refusal or a server error stops at once', async () => {
    const net = run([new NetworkError(), new NetworkError(), { formUrl: 'http://acq.test/f' }]);
    expect((await net.done()).value).toBe('http://acq.test/f');
    expect(net.calls).toHaveLength(3);

    const refused = run([{ formUrl: null, errorMessage: 'Доступ запрещён' }]);
    const r = await refused.done();
    expect(r.error).toBeInstanceOf(PaymentRefused);
    expect((r.error as Error).message).toBe('Доступ запрещён');
    expect(refused.calls).toHaveLength(1);

    const failed = run([new ApiError(409, 'already_paid', 'paid')]);
    expect((await failed.done()).error).toBeInstanceOf(ApiError);
    expect(failed.calls).toHaveLength(1);
  });
});
