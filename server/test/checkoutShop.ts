import { CUSTOMER_PHONE, startSignedIn, type Auth, type TestServer } from './helpers';
import { addShopY, setupShop, startFakeAcquirer, type FakeAcquirer, type Shop } from './checkoutFixtures';

/** A test server with its owner and a customer signed in and the checkout shop set up (setupShop); `opts` as startTestServer's. */
export async function startCheckoutShop(opts: Parameters<typeof startSignedIn>[0] = {}): Promise<{ server: TestServer; owner: Auth; customer: Auth; shop: Shop }> {
  const { server, owner, customer } = await startSignedIn(opts);
  try {
    return { server, owner, customer, shop: await setupShop(server, owner) };
  } catch (e) {
    await server.close();
    throw e;
  }
}

/** The second shop of the cross-shop tests (addShopY): its store id, its owner and the test customer signed in there, its one offer. */
export type ShopY = Awaited<ReturnType<typeof addShopY>>;

/** startCheckoutShop's shop X and the second shop Y on Y_DOMAIN, the same customer signed in at both. */
export async function startTwoShops(opts: Parameters<typeof startSignedIn>[0] = {}) {
  const x = await startCheckoutShop(opts);
  return { ...x, y: await addShopY(x.server, CUSTOMER_PHONE) };
}

/**
 * The payment tests' set-up: a fake acquirer (startFakeAcquirer) and `start`'s test server paying through it
 * (its acquiringUrl), e.g. startWithFakeAcquirer(startCheckoutShop). The fake is closed again when `start` fails.
 */
export async function startWithFakeAcquirer<T>(start: (opts: Parameters<typeof startSignedIn>[0]) => Promise<T>): Promise<T & { fake: FakeAcquirer }> {
  const fake = await startFakeAcquirer();
  try {
    return { ...(await start({ config: { acquiringUrl: `${fake.url}/payment/rest` } })), fake };
  } catch (e) {
    await fake.close();
    throw e;
  }
}
