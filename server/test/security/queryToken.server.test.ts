/**
 * Security suite, issue 34: tokens only in the Authorization header (REST) or the auth form in the body
 * (api=), never in the address. On 20401c2 `GET /api?api=stores&update=1&p[399_name]=...&token=...` changed
 * the shop: a link was a signed-in write, and the token stood in every access log and browser history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithOwner, rawRequest, type Auth, type TestServer } from '../helpers';

let server: TestServer, owner: Auth;
beforeAll(async () => ({ server, owner } = await startWithOwner()));
afterAll(() => server?.close());

const call = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  rawRequest(server.port, method, path, body === undefined ? headers : { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body);

const nameOf = async () => (await server.db.selectFrom('stores').select('name').where('id', '=', server.storeId).executeTakeFirstOrThrow()).name;

describe('tokens only outside the address (issue 34)', () => {
  it('refuses a token in the query string on every api= call and never reads one on REST', async () => {
    const auth = `token=${encodeURIComponent(owner.token)}&user_id=${owner.user_id}&token_seq=${owner.token_seq}`;
    const before = await nameOf();
    const attempts: [string, string, string | undefined][] = [
      ['GET', `/api?api=stores&update=1&p%5B399_name%5D=Hacked&${auth}`, undefined],
      ['POST', `/api?api=stores&${auth}`, 'update=1&p%5B399_name%5D=Hacked'],
      ['GET', `/api?api=stores&update=1&p%5B399_name%5D=Hacked&token=${encodeURIComponent(owner.token)}`, undefined],
      ['POST', `/api?api=orders&list=1&${auth}`, ''],
      ['POST', `/api?api=token_check&${auth}`, ''],
      ['POST', `/api?api=orders&phoneNumberToken=${encodeURIComponent(owner.token)}`, 'list=1'],
    ];
    const answers = [];
    for (const [method, path, body] of attempts) answers.push(await call(method, path, body));
    const rest = await call('GET', `/rest/orders?token=${encodeURIComponent(owner.token)}`);
    const afterQuery = await nameOf();
    // The same write with the auth form in the body, and with the Bearer header, is the owner's.
    const form = await call('POST', '/api?api=stores', `update=1&p%5B399_name%5D=${encodeURIComponent('Через форму')}&${auth}`);
    const bearer = await call('POST', '/api?api=stores', `update=1&p%5B399_name%5D=${encodeURIComponent('Через заголовок')}`, { authorization: `Bearer ${owner.token}` });
    const accepted = answers.filter((a) => a.status < 400).length;
    console.log(
      `tokens in the address: ${attempts.length} api= calls with a token in the query: ${accepted} accepted (${answers.map((a) => `${a.status} ${a.body?.error?.code ?? ''}`).join(', ')}); REST with ?token= ${rest.status}; the shop's name changed by them: ${afterQuery !== before}; the auth form in the body ${form.status}, Bearer ${bearer.status} [${server.label}]`,
    );
    expect(accepted).toBe(0);
    expect(answers.every((a) => a.status === 400 && a.body.error.code === 'token_in_query')).toBe(true);
    expect(rest.status).toBe(401);
    expect(afterQuery).toBe(before);
    expect(form.status).toBe(200);
    expect(bearer.status).toBe(200);
    expect(await nameOf()).toBe('Через заголовок');
  });
});
