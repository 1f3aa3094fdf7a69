/**
 * Small fake outside services on 127.0.0.1 for the e2e server (no test reaches the internet). The fixture
 * starts them once per worker and passes their URLs to the server through `env`.
 * Sections: the acquirer (payments) and the geocoder (map search); each owner extends its own.
 */
import { startFakeAcquirer, type FakeAcquirer } from '../server/test/checkoutFixtures';

export interface FakeServices {
  /** Environment for server/main.ts (ACQUIRING_URL, GEOCODER_URL, ...). */
  env: Record<string, string>;
  /** The card acquirer (register.do, getOrderStatusExtended.do and its payment page). */
  acquirer: FakeAcquirer;
  close(): Promise<void>;
}

export async function startFakeServices(): Promise<FakeServices> {
  const closers: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {};
  const acquirer = await startAcquirer(env, closers);
  return {
    env,
    acquirer,
    close: async () => {
      await Promise.all(closers.map((c) => c()));
    },
  };
}

/**
 * The acquirer section: the server tests' fake Sberbank-style acquirer with its payment page
 * (GET /payment/merchants/pay.html?mdOrder=ID, buttons 'Оплатить' / 'Отказаться' that settle the order as
 * paid (status 2) or declined (status 6) and send the browser to the shop's returnUrl / failUrl).
 * It accepts the store's acquiring login/password ACQUIRER_LOGIN / ACQUIRER_PASSWORD of checkoutFixtures.
 */
async function startAcquirer(env: Record<string, string>, closers: (() => Promise<void>)[]): Promise<FakeAcquirer> {
  const acquirer = await startFakeAcquirer();
  env.ACQUIRING_URL = `${acquirer.url}/payment/rest`;
  closers.push(() => acquirer.close());
  return acquirer;
}
