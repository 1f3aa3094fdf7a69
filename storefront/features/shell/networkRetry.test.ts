import { runSaga, type Saga } from 'redux-saga';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../dataProvider/apiClient';
import { login, requestCode } from '../account/accountWorkers';
import pushTokenSaga from '../account/pushToken';
import { signedIn, signInCodeRequested, signInCodeSent, signInSubmitted } from '../account/accountSlice';
import { withFakeTimersAndStorage } from '../../test/fakeApi';

/**
 * The error catalogue's 'Network Error on login or push: retry in 1.5 s', on the real api client with a
 * network that fails the first calls (fetch rejects, as a browser's does): the sign-in calls (api=sms_code,
 * api=login) and the native push token (api=push) ask again 1.5 s later, not sooner; an answer with an
 * error is not asked again.
 */
const PHONE = '+79991234567';

function network(failures: number, answer: (api: string) => Response) {
  const asked: string[] = [];
  const fetchFn = vi.fn(async (url: string | URL | Request) => {
    const api = new URL(String(url)).searchParams.get('api') ?? '';
    asked.push(api);
    if (asked.length <= failures) throw new TypeError('Failed to fetch');
    return answer(api);
  });
  const client = createApiClient({ apiHost: 'https://shop.example/api', getAuth: () => null, fetch: fetchFn as typeof fetch });
  return { client, asked };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function start<S extends Saga>(saga: S, client: unknown, ...args: Parameters<S>) {
  const actions: { type: string }[] = [];
  const task = runSaga(
    { dispatch: (a: { type: string }) => actions.push(a), getState: () => ({ account: { signIn: { phone: PHONE } } }), context: { api: client }, onError: () => {} },
    saga,
    ...args,
  );
  return { task, types: () => actions.map((a) => a.type) };
}

withFakeTimersAndStorage();

describe('network errors on sign-in and push: retried in 1.5 s', () => {
  it('api=sms_code: a network error is asked again after 1.5 s, then the code is sent', async () => {
    const { client, asked } = network(2, () => json({ sms_code: 'sent' }));
    const { task, types } = start(requestCode, client, signInCodeRequested(PHONE));
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['sms_code']);
    await vi.advanceTimersByTimeAsync(1499);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1500);
    expect(asked).toHaveLength(3);
    await task.toPromise();
    expect(types()).toContain(signInCodeSent.type);
  });

  it('api=login: a network error is asked again after 1.5 s and signs in; a refused code is not asked again', async () => {
    const { client, asked } = network(1, () => json({ user_id: '8', token_seq: '1', token: 'tok', is_owner: '0' }));
    const { task, types } = start(login, client, signInSubmitted('1234'));
    await vi.advanceTimersByTimeAsync(1499);
    expect(asked).toEqual(['login']);
    await vi.advanceTimersByTimeAsync(1);
    await task.toPromise();
    expect(asked).toEqual(['login', 'login']);
    expect(types()).toContain(signedIn.type);
    expect(localStorage.getItem('token')).toBe('tok');

    const refused = network(0, () => json({ error: { code: 'invalid_code' } }, 400));
    const second = start(login, refused.client, signInSubmitted('0000'));
    await vi.advanceTimersByTimeAsync(10_000);
    await second.task.toPromise();
    expect(refused.asked).toEqual(['login']);
    expect(second.types()).not.toContain(signedIn.type);
  });

  it('api=push (the native push token): a network error is sent again after 1.5 s', async () => {
    vi.stubGlobal('window', { nativePushToken: 'push-token-1', addEventListener: () => {}, removeEventListener: () => {} });
    const { client, asked } = network(1, () => json({ push: 'ok' }));
    const { task } = start(pushTokenSaga, client);
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual(['push']);
    await vi.advanceTimersByTimeAsync(1499);
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(['push', 'push']);
    // Sent once per token: remembered, not sent again.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(asked).toHaveLength(2);
    expect(localStorage.getItem('push_token_sent')).toBe('push-token-1|');
    task.cancel();
  });
});
