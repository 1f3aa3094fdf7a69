/**
 * Security suite, issue 34: cart lines of hidden products. On 20401c2 `api=offers ids=<id>` (the cart's
 * refresh) and the stop list answered a hidden product's name and price to anyone who named its id: the
 * owner's unreleased products and hidden prices were one request away. Now they answer nothing for it, to
 * anyone but the owner, through the answer cache too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn, type Auth, type TestServer } from '../helpers';

let server: TestServer;
let owner: Auth;
let customer: Auth;
let visible: string;
const hidden: string[] = [];
beforeAll(async () => {
  ({ server, owner, customer } = await startSignedIn());
  const cat = await server.createCategory({ category: 'Новинки' });
  visible = await server.createOffer({ name: 'Видимый товар', categoryId: cat, price: '100' });
  for (const [i, name] of ['Секретная новинка', 'Скрытая цена', 'Снят с продажи'].entries()) {
    const id = await server.createOffer({ name, categoryId: cat, price: String(9000 + i) });
    expect((await server.api('offers', { update: 1, 'p[478_offer_id]': id, 'p[562_active]': '0' }, { token: owner })).status).toBe(200);
    hidden.push(id);
  }
});
afterAll(() => server?.close());

describe('cart lines of hidden products (issue 34)', () => {
  it('answers no name or price of a hidden product to anyone but the owner', async () => {
    const ids = [visible, ...hidden].join(',');
    // The owner first, so a kept answer would be the owner's.
    const asOwner = await server.api('offers', { ids }, { token: owner });
    const reads = [
      ['anonymous cart', await server.api('offers', { ids })],
      ['customer cart', await server.api('offers', { ids }, { token: customer })],
      ['stop list', await server.api('offers', { ids, coords: '59.9,30.3' })],
      ['anonymous again (cached)', await server.api('offers', { ids })],
    ] as const;
    const leaks: string[] = [];
    for (const [label, r] of reads) {
      for (const o of r.body.offers as { id: string; name?: string; price?: number }[]) {
        if (hidden.includes(String(o.id)) && (o.name !== undefined || o.price !== undefined)) leaks.push(`${label}: ${o.id} ${o.name} ${o.price}`);
      }
    }
    const ownerSees = (asOwner.body.offers as { id: string }[]).filter((o) => hidden.includes(String(o.id))).length;
    const anonymous = reads[0][1].body.offers as { id: string; name: string }[];
    console.log(`cart lines: ${hidden.length} hidden products asked for in ${reads.length} public reads: ${leaks.length} names or prices answered; the visible one: ${anonymous.map((o) => o.name).join(', ')}; the owner sees ${ownerSees} of ${hidden.length} hidden [${server.label}]`);
    expect(leaks).toEqual([]);
    expect(anonymous.map((o) => String(o.id))).toEqual([visible]);
    expect(ownerSees).toBe(hidden.length);
  });
});
