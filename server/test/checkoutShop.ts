import { startSignedIn, type Auth, type TestServer } from './helpers';
import { setupShop, type Shop } from './checkoutFixtures';

/** A test server with its owner and a customer signed in and the checkout shop set up (setupShop). */
export async function startCheckoutShop(): Promise<{ server: TestServer; owner: Auth; customer: Auth; shop: Shop }> {
  const { server, owner, customer } = await startSignedIn();
  return { server, owner, customer, shop: await setupShop(server, owner) };
}
